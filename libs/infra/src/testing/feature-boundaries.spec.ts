import { describe, expect, it } from '@jest/globals';
import { Linter, type Rule } from 'eslint';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// eslint/feature-boundaries.js: the import zones `npm test` enforces through ESLint on every front end.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const rulePath = pathToFileURL(join(repoRoot, 'eslint', 'feature-boundaries.js')).href;
const rule = ((await import(rulePath)) as { default: Rule.RuleModule }).default;

function problems(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: repoRoot });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { sourceType: 'module', ecmaVersion: 'latest' },
      plugins: { dblearn: { rules: { 'feature-boundaries': rule } } },
      rules: { 'dblearn/feature-boundaries': 'error' },
    },
  ];
  return linter.verify(code, config, { filename: join(repoRoot, file) }).map((message) => message.message);
}

describe('feature boundaries', () => {
  const route = 'mf-catalog/src/features/projects/routes/project-route.ts';

  it('lets a feature import its own folders, shared code and packages', () => {
    expect(
      problems(
        route,
        [
          "import { a } from '../api/get-project.js';",
          "import { b } from '../../../lib/paths.js';",
          "import { c } from '@dblearn/ui';",
          "export { d } from '../components/card.js';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it("lets a feature import the files at another feature's top, including a lazy chunk's entry", () => {
    expect(problems(route, "import { useProgress } from '../../progress/index.js';\nconst Checks = import('../../checks/project-checks.js');")).toEqual([]);
  });

  it("refuses a reach into another feature's folders, by import, re-export or lazy import", () => {
    const found = problems(
      route,
      [
        "import { useProgress } from '../../progress/api/get-progress.js';",
        "export * from '../../courses/components/course-browser.js';",
        "const Checks = import('../../checks/components/project-checks.js');",
      ].join('\n'),
    );
    expect(found).toEqual([
      'features/projects reaches into features/progress/api/get-progress.js: import it from what features/progress exports at its top (index.ts), or move the shared part to src/lib or a libs/ package.',
      'features/projects reaches into features/courses/components/course-browser.js: import it from what features/courses exports at its top (index.ts), or move the shared part to src/lib or a libs/ package.',
      'features/projects reaches into features/checks/components/project-checks.js: import it from what features/checks exports at its top (index.ts), or move the shared part to src/lib or a libs/ package.',
    ]);
  });

  it('refuses shared code that imports a feature, and lets the composition root (app/, expose/) import one', () => {
    expect(problems('shell/src/lib/session.ts', "import { x } from '../features/auth/index.js';")).toEqual([
      'lib/ is shared code and imports features/auth/index.js: shared code must not depend on a feature (move it into the feature, or the shared part out of it).',
    ]);
    expect(problems('mf-qna/src/expose/routes.ts', "import { x } from '../features/questions/routes/questions-route.js';")).toEqual([]);
    expect(problems('shell/src/app/routes.tsx', "import { x } from '../features/auth/index.js';")).toEqual([]);
  });

  it('leaves files outside a front end src/ and imports into another app alone', () => {
    expect(problems('e2e/tests/x.spec.ts', "import { x } from '../../mf-catalog/src/features/courses/api/get-course.js';")).toEqual([]);
  });
});
