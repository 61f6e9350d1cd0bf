// One jest setup for every workspace: TypeScript through SWC (decorators + metadata for NestJS),
// native ESM (NestJS 12 ships ESM only), and workspace libs read from their TypeScript source.
const path = require('node:path');

/**
 * testTimeout: a test's bound. 30 s by default; suites that start real processes (servers, services,
 * the platform) take longer on a box busy with other work and set their own.
 * @param {{ dir: string, env?: 'node' | 'jsdom', setupFiles?: string[], testTimeout?: number }} options
 */
module.exports = function jestPreset({ dir, env = 'node', setupFiles = [], testTimeout = 30_000 }) {
  return {
    rootDir: dir,
    // Node suites: every process a test file starts ends with the file (libs/testing/node-environment.cjs).
    testEnvironment: env === 'node' ? path.join(__dirname, 'libs/testing/node-environment.cjs') : env,
    testEnvironmentOptions: {
      customExportConditions: env === 'jsdom' ? ['source', 'browser'] : ['source', 'node'],
    },
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts', '<rootDir>/test/**/*.spec.tsx'],
    moduleNameMapper: {
      '^(\\.{1,2}/.*)\\.js$': '$1',
      '\\.(css)$': path.join(__dirname, 'libs/testing/style-stub.cjs'),
    },
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            target: 'es2022',
            parser: { syntax: 'typescript', tsx: true, decorators: true },
            transform: {
              legacyDecorator: true,
              decoratorMetadata: true,
              useDefineForClassFields: false,
              react: { runtime: 'automatic' },
            },
          },
          module: { type: 'es6' },
        },
      ],
    },
    transformIgnorePatterns: ['/node_modules/'],
    setupFilesAfterEnv: [path.join(__dirname, 'libs/testing/retry-in-ci.cjs'), ...setupFiles],
    testTimeout,
  };
};
