// The shared preset in jsdom with fetch (libs/web/testing/jsdom-environment.cjs).
module.exports = {
  ...require('../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('../libs/web/testing/jsdom-environment.cjs'),
};
