// The shared preset, in jsdom with fetch (see libs/web/testing/jsdom-environment.cjs).
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('../web/testing/jsdom-environment.cjs'),
};
