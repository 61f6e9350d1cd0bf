import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Linter, type Rule } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// eslint/acyclic-folders.js: a back end's feature folders import each other without loops.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const rule = ((await import(pathToFileURL(join(repoRoot, 'eslint', 'acyclic-folders.js')).href)) as { default: Rule.RuleModule }).default;

let service: string;

/** A service on disk: path under src/ → source. */
function writeService(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(service, 'src', path)), { recursive: true });
    writeFileSync(join(service, 'src', path), text);
  }
}

function problems(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: service });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { sourceType: 'module', ecmaVersion: 'latest' },
      plugins: { backend: { rules: { 'acyclic-folders': rule } } },
      rules: { 'backend/acyclic-folders': 'error' },
    },
  ];
  return linter.verify(code, config, { filename: join(service, 'src', path) }).map((message) => message.message);
}

beforeAll(() => {
  service = join(mkdtempSync(join(tmpdir(), 'acyclic-')), 'svc-x');
  writeService({
    'main.ts': "import { AppModule } from './app.module.js';",
    'app.module.ts': "import { A } from './checks/checks.module.js';\nimport { B } from './projects/projects.module.js';",
    'checks/checks.service.ts': "import { ProjectRecord } from '../projects/project.schema.js';\nimport { idOf } from '../common/views.js';",
    'projects/project.schema.ts': "import { idOf } from '../common/views.js';",
    'projects/project.views.ts': "export const view = 1;",
    'projects/projects.spec.ts': "import { x } from '../checks/checks.service.js';",
    'common/views.ts': 'export const idOf = 1;',
    'seed/seed.ts': "import { x } from '../checks/checks.service.js';",
  });
});

afterAll(() => {
  rmSync(dirname(service), { recursive: true, force: true });
});

describe('acyclic feature folders', () => {
  it('lets folders import downwards, and ignores src top files and specs', () => {
    expect(problems('checks/checks.service.ts', "import { ProjectRecord } from '../projects/project.schema.js';\nimport { idOf } from '../common/views.js';")).toEqual([]);
    expect(problems('projects/projects.spec.ts', "import { x } from '../checks/checks.service.js';")).toEqual([]);
  });

  it('refuses the import that closes a loop, naming the way back', () => {
    expect(problems('projects/project.views.ts', "import { storedCheckOf } from '../checks/check-records.js';")).toEqual([
      'projects/ imports checks/, which already reaches projects/ (checks/checks.service.ts imports ../projects/project.schema.js): move the shared part (a type, a small function) to where both can import it.',
    ]);
  });

  it('follows loops through several folders and nested files', () => {
    expect(problems('common/deep/ids.ts', "export { seed } from '../../seed/seed.js';\nconst later = import('../../projects/project.views.js');")).toEqual([
      'common/ imports seed/, which already reaches common/ (seed/seed.ts imports ../checks/checks.service.js, checks/checks.service.ts imports ../common/views.js): move the shared part (a type, a small function) to where both can import it.',
      'common/ imports projects/, which already reaches common/ (projects/project.schema.ts imports ../common/views.js): move the shared part (a type, a small function) to where both can import it.',
    ]);
  });
});
