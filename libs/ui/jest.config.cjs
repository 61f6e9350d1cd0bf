// jsdom with what react-router needs from a browser (TextEncoder...): the environment @dblearn/web keeps.
const preset = require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] });
module.exports = {
  ...preset,
  // mingo's ESM files are plain .js without "type": "module": jest loads its CommonJS build.
  moduleNameMapper: { ...preset.moduleNameMapper, '^mingo$': require.resolve('mingo') },
  testEnvironment: require.resolve('../web/testing/jsdom-environment.cjs'),
};
