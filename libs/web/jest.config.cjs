// The shared preset, in jsdom with fetch (see testing/jsdom-environment.cjs).
module.exports = {
  ...require('../../jest.preset.cjs')({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
  testEnvironment: require.resolve('./testing/jsdom-environment.cjs'),
};
