// The shared preset, in jsdom with fetch and what msw/node needs (testing/msw-jsdom-environment.cjs).
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('./testing/msw-jsdom-environment.cjs'),
};
