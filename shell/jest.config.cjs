const path = require('node:path');
const preset = require('../jest.preset.cjs');

// Two projects: the browser app in jsdom (with fetch and msw/node, see libs/web/testing) and the node server.
module.exports = {
  // Per-test timeouts are global options in jest: projects cannot set their own.
  testTimeout: 30000,
  projects: [
    {
      ...preset({ dir: __dirname, env: 'jsdom', setupFiles: ['<rootDir>/testing/setup-dom.ts'] }),
      displayName: 'shell',
      testEnvironment: require.resolve('../libs/web/testing/msw-jsdom-environment.cjs'),
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/'],
    },
    { ...preset({ dir: path.join(__dirname, 'server') }), displayName: 'shell-server' },
  ],
};
