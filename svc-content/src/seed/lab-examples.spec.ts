import { describe, expect, it } from '@jest/globals';
import { buildSandbox, loadEngine, runOnCopy, runStatements } from '../sql-runner/sql-engine.js';
import { isPostgresOnly } from '@dblearn/contracts';
import { mongoSandboxRefusal, parseMongoQuery, splitComparedPlans } from '@dblearn/lab';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from './content-folder.js';

/** Every fenced block of a language in a detail text, with the words after the language (```sql must-fail). */
function fencedBlocks(detail: string, language: string): { code: string; info: string[] }[] {
  return [...detail.matchAll(new RegExp('```' + language + '((?:[ \\t]+[\\w-]+)*)[ \\t]*\\n([\\s\\S]*?)```', 'g'))].map((match) => ({
    code: match[2] ?? '',
    info: (match[1] ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean),
  }));
}

/** Every fenced block of a language in a detail text (```sql must-fail blocks marked as such). */
function fenced(detail: string, language: string): string[] {
  return fencedBlocks(detail, language).map(({ code, info }) => (info.includes('must-fail') ? `-- must fail\n${code}` : code));
}

/** docs/api-contract.md "Runnable SQL": the browser's parser must read it, on a collection the sandbox has. */
function mongoQueryRefusal(query: string, collections: string[]): string | null {
  const parsed = parseMongoQuery(query);
  if ('error' in parsed) return parsed.error;
  return collections.includes(parsed.query.collection) ? null : `no collection ${parsed.query.collection}`;
}

const courses = readContentFolder(SHIPPED_CONTENT_DIR).courses;

describe('the demo labs (issue 11)', () => {
  it('gives every course with SQL examples a SQL sandbox of 5–8 tables and a few hundred rows, and the NoSQL courses a JSON one', async () => {
    const engine = await loadEngine();
    for (const course of courses) {
      const kind = course.topic === 'nosql' ? 'mongo' : 'sql';
      expect({ course: course.name, kind: course.sandbox?.kind }).toEqual({ course: course.name, kind });
      if (kind === 'mongo') {
        expect(mongoSandboxRefusal(course.sandbox?.source ?? '')).toBeNull();
        continue;
      }
      const db = runOnCopy(engine, buildSandbox(engine, course.sandbox?.source ?? ''), "SELECT name FROM sqlite_schema WHERE type = 'table'");
      expect(db.rows.length).toBeGreaterThanOrEqual(5);
      expect(db.rows.length).toBeLessThanOrEqual(8);
      const counts = db.rows.map(([table]) => runOnCopy(engine, buildSandbox(engine, course.sandbox?.source ?? ''), `SELECT COUNT(*) FROM "${String(table)}"`).rows[0]?.[0] as number);
      expect(counts.reduce((sum, n) => sum + n, 0)).toBeGreaterThanOrEqual(300);
      expect(course.sandbox?.source.length).toBeLessThan(200 * 1024);
    }
  });

  it('runs every ```sql example on its course sandbox: one that says it must fail fails, and a query shows rows unless marked ```sql empty', async () => {
    const engine = await loadEngine();
    const failures: string[] = [];
    for (const course of courses) {
      if (course.sandbox?.kind !== 'sql') continue;
      const sandbox = buildSandbox(engine, course.sandbox.source);
      for (const item of [...course.tutorials, ...course.projects]) {
        for (const block of item.contents) {
          for (const { code, info } of fencedBlocks(block.detail, 'sql')) {
            // ```sql postgres: an example only PostgreSQL runs (ROLLUP, JSONB); red-team-postgres.spec.ts runs them there.
            if (info.includes('postgres')) continue;
            const where = `${course.name} / ${item.title} / ${block.header}`;
            const mustFail = info.includes('must-fail');
            let error: string | null = null;
            let result: { columns: string[]; rows: unknown[] } | null = null;
            try {
              result = runOnCopy(engine, sandbox, code);
            } catch (caught) {
              error = (caught as Error).message;
            }
            if (mustFail !== (error !== null)) failures.push(`${where}: ${error ?? 'ran, but says it must fail'}`);
            // Every example shows its claim (issue 19): a query that returns nothing says so on purpose.
            if (!result || result.columns.length === 0 || info.includes('compare-plans')) continue;
            const empty = info.includes('empty');
            if (empty !== (result.rows.length === 0)) failures.push(`${where}: ${empty ? 'says ```sql empty but returns rows' : 'returns no rows (fence it ```sql empty if that is the lesson)'}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('explains both variants of every ```sql compare-plans block, and shows two different plans', async () => {
    const engine = await loadEngine();
    const outcomes: string[] = [];
    for (const course of courses) {
      if (course.sandbox?.kind !== 'sql') continue;
      const sandbox = buildSandbox(engine, course.sandbox.source);
      for (const item of [...course.tutorials, ...course.projects]) {
        for (const block of item.contents) {
          for (const match of block.detail.matchAll(/```sql[ \t]+[\w \t-]*\bcompare-plans\b[^\n]*\n([\s\S]*?)```/g)) {
            const where = `${course.name} / ${item.title} / ${block.header}`;
            const variants = splitComparedPlans(match[1] ?? '');
            if ('error' in variants) {
              outcomes.push(`${where}: ${variants.error}`);
              continue;
            }
            // Each variant on a fresh copy, as the browser's worker explains it.
            const [before, after] = [variants.before, variants.after].map((text) => {
              const copy = new engine.Database(sandbox);
              try {
                return (runStatements(engine, copy, text, true)?.rows ?? []).map((row) => String(row[3])).join(' / ');
              } finally {
                copy.close();
              }
            });
            outcomes.push(before !== '' && before !== after ? `${where}: explained` : `${where}: the same plan twice (${before})`);
          }
        }
      }
    }
    expect(outcomes.length).toBeGreaterThanOrEqual(2);
    expect(outcomes.filter((outcome) => !outcome.endsWith(': explained'))).toEqual([]);
  });

  it('gives every tutorial at least one runnable example (```sql, or ```mongo in the NoSQL courses) in the agreed syntax', () => {
    const missing: string[] = [];
    for (const course of courses) {
      const language = course.sandbox?.kind === 'mongo' ? 'mongo' : 'sql';
      const collections = language === 'mongo' ? Object.keys(JSON.parse(course.sandbox?.source ?? '{}') as object) : [];
      for (const tutorial of course.tutorials) {
        const examples = tutorial.contents.flatMap((block) => fenced(block.detail, language));
        if (examples.length === 0) missing.push(`${course.name} / ${tutorial.title}`);
        if (language === 'mongo') for (const query of examples) expect({ query, refusal: mongoQueryRefusal(query, collections) }).toEqual({ query, refusal: null });
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every project of the SQL and Relational Model topics two checks or more, whose reference runs and returns rows', async () => {
    const engine = await loadEngine();
    for (const course of courses.filter((item) => item.topic === 'sql' || item.topic === 'rm')) {
      const sandbox = buildSandbox(engine, course.sandbox?.source ?? '');
      for (const project of course.projects) {
        expect({ project: project.title, checks: (project.checks ?? []).length >= 2 }).toEqual({ project: project.title, checks: true });
        for (const check of project.checks ?? []) {
          expect(check.task.length).toBeGreaterThanOrEqual(10);
          // A quiz needs no sandbox; a state check's verification runs after its statements, on one copy.
          // A check graded on PostgreSQL only (ROLLUP, JSONB): red-team-postgres.spec.ts runs its reference there.
          if (check.kind === 'quiz' || check.kind === 'mongo' || isPostgresOnly(check)) continue;
          const result = runOnCopy(engine, sandbox, check.kind === 'state' ? `${check.referenceSql}\n;${check.verifySql}` : check.referenceSql);
          expect({ task: check.task, rows: result.rows.length > 0 }).toEqual({ task: check.task, rows: true });
        }
      }
    }
  });
});
