import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { StoredCheck } from '@dblearn/contracts';
import { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra } from '@dblearn/testing';
import { postgresCheckOf } from '../projects/check-records.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { PostgresGrader, type PgSandbox, SqliteOnly, sqliteOnlyReason } from '../postgres-lab/pg-grading.js';
import { PostgresLab } from '../postgres-lab/postgres-lab.js';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { readContentFolder } from './content-folder.js';
import type { RedTeamAnswer } from './red-team.js';

// Issue 32: every SQL check's red-team (and its reference, as a right answer) graded on PostgreSQL by
// the real grader, visible and hidden data alike, expecting the verdicts SQLite gives
// (red-team.spec.ts). An answer written for one engine says so (`engines:`); a check still graded on
// SQLite only (it reads SQLite's catalogue, with no PostgreSQL variant) is counted, not judged.

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
type ShippedCheck = StoredCheck & { kind: 'query' | 'state' };
type Course = (typeof folder.courses)[number];

let infra: TestInfra;
let lab: PostgresLab;
const runner = new SqlRunner({ sqlWorkers: 1 });
let grader: PostgresGrader;
const totals = { answers: 0, wrongVerdicts: 0, references: 0, sqliteOnly: [] as string[] };

beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
  // Generous: the machine runs other suites at once, and each sandbox's scripts are built on first use.
  lab = new PostgresLab(infra.postgresUrl, { poolSize: 2, timeLimitMs: 30_000, authorUrl: infra.postgresAuthorUrl, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
  grader = new PostgresGrader(lab, runner);
}, 120_000);

afterAll(async () => {
  console.log(
    `Red-team on PostgreSQL: ${totals.answers} answers, ${totals.wrongVerdicts} wrong verdicts, ${totals.references} references pass; ${totals.sqliteOnly.length} checks graded on SQLite only${totals.sqliteOnly.length ? `: ${totals.sqliteOnly.join(', ')}` : ''}.`,
  );
  await lab?.close();
  await runner.onModuleDestroy();
  await infra?.stop();
}, 180_000);

const sandboxOf = (course: Course): PgSandbox => ({ kind: 'sql', source: course.sandbox?.source ?? '', hiddenSource: course.sandbox?.hiddenSource ?? null, key: `red-team-pg:${course._id}` });
const show = (answer: string) => answer.replace(/\s+/g, ' ').trim();
const forPostgres = (answer: RedTeamAnswer) => !answer.engines || answer.engines.includes('postgres');

describe('the red-team corpus on PostgreSQL', () => {
  it.each(folder.redTeams.map((team) => [team.file, team] as const))(
    '%s',
    async (_file, team) => {
      const course = folder.courses[team.course]!;
      if (course.sandbox?.kind !== 'sql') return;
      const checks = new Map(((course.projects[team.project]!.checks ?? []) as StoredCheck[]).map((check) => [check._id, check]));
      const wrongVerdicts: string[] = [];
      for (const entry of team.entries) {
        const check = checks.get(entry.checkId)!;
        if (check.kind !== 'query' && check.kind !== 'state') continue;
        const graded = postgresCheckOf(check as ShippedCheck);
        if (sqliteOnlyReason(graded)) {
          totals.sqliteOnly.push(entry.checkId);
          continue;
        }
        const judged: [string, boolean, string][] = [
          [graded.referenceSql, true, `${team.file} check ${entry.checkId}: its PostgreSQL reference`],
          ...entry.wrong.filter(forPostgres).map((answer): [string, boolean, string] => [String(answer.answer), false, `${team.file}:${answer.line} check ${entry.checkId}: wrong (${answer.why})`]),
          ...entry.right.filter(forPostgres).map((answer): [string, boolean, string] => [String(answer.answer), true, `${team.file}:${answer.line} check ${entry.checkId}: right`]),
        ];
        for (const [answer, shouldPass, where] of judged) {
          let outcome: { passed: boolean; message?: string };
          try {
            outcome = await grader.grade(sandboxOf(course), graded, answer);
          } catch (error) {
            outcome = { passed: false, message: `${error instanceof SqliteOnly ? 'SQLite only' : 'no grade'}: ${(error as Error).message}` };
          }
          if (shouldPass && where.endsWith('reference')) totals.references += outcome.passed ? 1 : 0;
          else totals.answers++;
          if (outcome.passed !== shouldPass) {
            totals.wrongVerdicts++;
            wrongVerdicts.push(`${where} answer ${show(answer)} → ${outcome.passed ? 'passed' : `failed: ${outcome.message}`}`);
          }
        }
      }
      expect(wrongVerdicts).toEqual([]);
    },
    600_000,
  );
});

describe('the ```sql postgres lesson examples on PostgreSQL', () => {
  // Examples only PostgreSQL runs (lab-examples.spec.ts runs the others on SQLite): each runs on its
  // course's practice database as the run route loads it, and one marked must-fail fails.
  const courses = folder.courses.filter((course) => course.sandbox?.kind === 'sql');
  it.each(courses.map((course) => [course.name, course] as const))(
    '%s',
    async (_name, course) => {
      const failures: string[] = [];
      for (const item of [...course.tutorials, ...course.projects]) {
        for (const block of item.contents) {
          for (const match of block.detail.matchAll(/```sql((?:[ \t]+[\w-]+)*)[ \t]*\n([\s\S]*?)```/g)) {
            const info = (match[1] ?? '').trim().toLowerCase().split(/\s+/);
            if (!info.includes('postgres')) continue;
            let error: string | null = null;
            try {
              await lab.runPrepared(await grader.visibleScript(sandboxOf(course)), match[2] ?? '');
            } catch (caught) {
              error = (caught as Error).message;
            }
            if (info.includes('must-fail') !== (error !== null)) failures.push(`${course.name} / ${item.title} / ${block.header}: ${error ?? 'ran, but says it must fail'}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    300_000,
  );
});
