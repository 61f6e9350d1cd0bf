import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import acyclicFolders from './eslint/acyclic-folders.js';
import featureBoundaries from './eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tools/**', '.data/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'libs/web/src/**/*.{ts,tsx}', 'libs/ui/src/**/*.{ts,tsx}', 'libs/app-providers/src/**/*.{ts,tsx}', 'e2e/fixtures/*/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // One router and one store context on the page: both come through @dblearn/web (shared once).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: "Import routing from '@dblearn/web/router' (one shared router, tree-shaken)." },
            { name: 'react-router-dom', message: "Import routing from '@dblearn/web/router' (one shared router, tree-shaken)." },
            { name: 'react-toastify', message: "Use toast from '@dblearn/web': it loads react-toastify with the first toast, not with the page." },
            { name: 'react-redux', message: "Use the hooks of '@dblearn/web' (useAppSelector, useAppDispatch...): react-redux is inside it, shared once." },
          ],
        },
      ],
    },
  },
  {
    // bulletproof-react's zones: a feature imports its own folder, shared code, and other features
    // only through their index.ts; shared code imports no feature (eslint/feature-boundaries.js).
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}'],
    plugins: { dblearn: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'dblearn/feature-boundaries': 'error' },
  },
  {
    // The two places that may reach them directly.
    files: ['libs/web/src/**/*.{ts,tsx}', 'libs/app-providers/src/**/*.{ts,tsx}', '**/*.spec.{ts,tsx}', '**/testing/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A back end's feature folders import each other without loops (eslint/acyclic-folders.js).
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts'],
    plugins: { backend: { rules: { 'acyclic-folders': acyclicFolders } } },
    rules: { 'backend/acyclic-folders': 'error' },
  },
  {
    // NestJS injects constructor parameters by their runtime class: such imports must stay value imports.
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts', 'libs/nest-common/src/**/*.ts', 'libs/nest-common/test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // A long update command wedges a FerretDB database: bulk writes go through a store's updateAll
    // (short commands, with locks and events; decision 0022).
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts', 'libs/nest-common/src/**/*.ts'],
    ignores: ['libs/nest-common/src/storage/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='bulkWrite']", message: 'Write many documents with a store\'s updateAll/createAll (decision 0022).' }],
    },
  },
  {
    // One write API: a service writes a document and its events through its store (DocumentStore),
    // which holds the document's lock; EventOutbox and the pendingEvents field belong to the storage layer.
    files: ['svc-*/src/**/*.ts', 'svc-*/test/**/*.ts', 'gateway/src/**/*.ts', 'gateway/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@dblearn/nest-common', importNames: ['EventOutbox'], message: "Write through the model's store (@InjectStore, DocumentStore): one write API, under the document's lock." }] },
      ],
    },
  },
  {
    // Tests may read pendingEvents to check what is left; the code writes it only through a store.
    files: ['svc-*/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='bulkWrite']", message: "Write many documents with a store's updateAll/createAll (decision 0022)." },
        { selector: "Property[key.name='pendingEvents']", message: 'Events are written by a store (create/update/delete with events, clearEvents): pendingEvents belongs to the storage layer.' },
      ],
    },
  },
  {
    // Contracts holds wire shapes only; the lab's rules live in @dblearn/lab, which may import contracts, never the reverse.
    files: ['libs/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@dblearn/lab', '@dblearn/lab/*'], message: '@dblearn/lab depends on @dblearn/contracts: contracts may not import it back.' }] }],
    },
  },
  {
    // The lab runs in svc-content, in the page and in its own workers: no React, no UI kit, no browser store.
    files: ['libs/lab/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['react', 'react-dom', 'react/*', '@dblearn/ui', '@dblearn/ui/*', '@dblearn/web', '@dblearn/web/*'], message: '@dblearn/lab is imported by the UI kit and the server: it imports neither React nor the front-end libraries.' }] },
      ],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
