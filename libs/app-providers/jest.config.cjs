// The shared preset, in jsdom with fetch and what msw/node needs (libs/web/testing/msw-jsdom-environment.cjs).
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('../web/testing/msw-jsdom-environment.cjs'),
};
