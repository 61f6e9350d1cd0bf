// jsdom with what react-router needs from a browser (TextEncoder...): the environment @dblearn/web keeps.
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('../web/testing/jsdom-environment.cjs'),
};
