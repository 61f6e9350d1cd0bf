// Component tests in jsdom with fetch (see libs/web/testing), like the shell's.
module.exports = {
  ...require('../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('../libs/web/testing/jsdom-environment.cjs'),
};
