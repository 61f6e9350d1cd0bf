import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestInfra, type TestInfra } from '@dblearn/testing';
import { SHIPPED_CONTENT_DIR } from '../src/config/content-config.js';
import { PostgresLab, PostgresLabFailure } from '../src/postgres-lab/postgres-lab.js';
import { readContentFolder } from '../src/seed/content-folder.js';

// Issue 32: the curriculum runs on PostgreSQL as well as SQLite. Every SQL practice database loads
// in the PostgreSQL lab, and every query and state check's reference runs there on the course's
// data (and on its hidden file when it has one), followed by the state check's verification query
// unless that query reads SQLite's own catalogue (SQLITE_VERIFIED below). One server for the file,
// one connection, one run at a time: the machine is shared.

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
const SANDBOX_DIR = join(SHIPPED_CONTENT_DIR, 'sandboxes');
const passed = { sandboxes: 0, references: 0, transactions: 0 };

/**
 * State checks whose verifySql reads SQLite's catalogue (pragma_table_info, pragma_foreign_key_list,
 * sqlite_schema…): PostgreSQL has information_schema instead, so their reference is run there but
 * their verification only on SQLite until grading on PostgreSQL gives them a variant.
 */
const SQLITE_VERIFIED: Record<string, string> = {
  '092d308c9480294f1d14688c': 'normalise-an-order-spreadsheet: reads pragma_table_info and sqlite_schema',
  '11d5b07f2d0b7d17d7156b7d': 'find-every-key: reads pragma_index_list and pragma_index_info',
  '1a91834b0616194f579e5dba': 'model-a-university-timetable: reads pragma_table_info',
  '35aa6ec2ef5f0e8cbd4e8a2f': 'practice-sorted-sequential-files: reads pragma_table_list and pragma_table_info',
  '3a6f9918ed398ae0121e126e': 'referential-actions-in-practice: reads pragma_table_info and sqlite_schema',
  '44ac77237e63738f111b3d34': 'practice-constraints-and-alter-table: reads pragma_table_info',
  '53e2a9d91a8ca3287a7e5b3a': 'model-a-lending-library: reads pragma_table_info',
  '6175f1828f0f1f50cdd57467': 'practice-constraints-and-alter-table: reads pragma_table_info',
  '64f9f89bfd4e1d8e10e177b4': 'practice-constraints-and-alter-table: reads pragma_index_list',
  '8f1e596f39b40fcf3d03a12c': 'model-a-university-timetable: reads pragma_table_info and sqlite_schema',
  '9d52e0169202c841c838c5da': 'index-a-slow-query: reads pragma_index_info',
  'b752d4dc695bd59f8669de77': 'find-every-key: reads pragma_table_info',
  'c40233757c6811b97b038b35': 'practice-constraints-and-alter-table: reads sqlite_schema',
  'dc493d9840a8ff1ee081d337': 'practice-constraints-and-alter-table: reads pragma_foreign_key_list',
  'fc6d42d785b712946efa67fb': 'model-a-lending-library: reads pragma_table_info',
  'fce4ae0acebb37e61d956417': 'model-a-lending-library: reads pragma_table_info',
  abb8dc52c96c1ed71d62f1b4: 'index-a-slow-query: reads EXPLAIN QUERY PLAN',
  da55721cb000b7226c691449: 'index-a-slow-query: reads EXPLAIN QUERY PLAN',
  b864738a4a8521dd47798473: 'practice-external-sorting-statistics-and-plans: reads EXPLAIN QUERY PLAN',
  d05457b4c6c99bfb425cb01e: 'practice-external-sorting-statistics-and-plans: reads EXPLAIN QUERY PLAN',
  '95ac9dc48973731ff5119bdc': 'practice-external-sorting-statistics-and-plans: reads EXPLAIN QUERY PLAN',
  '7977364cd606a7e46ca8b6b3': 'practice-query-optimization: reads EXPLAIN QUERY PLAN',
  // Not the catalogue: a UNION column of integers and text, which SQLite takes and PostgreSQL refuses.
  '1f99382f3084ff30521d22fb': 'referential-actions-in-practice: UNION ALL of teacher_id (integer) with relationship (text); needs CAST(… AS TEXT)',
};

/**
 * References that cannot be written once for both engines: day arithmetic on ISO text dates has no
 * form both accept (SQLite's julianday and strftime; PostgreSQL's date subtraction and EXTRACT).
 * They need a PostgreSQL variant of the reference when checks are graded there; until then they run
 * on SQLite only. The form PostgreSQL takes is given with each.
 */
const POSTGRES_VARIANT_NEEDED: Record<string, string> = {
  aedf3ca29785b21ed10bdf30: 'practice-aggregation: julianday(paid_on) - julianday(due_on) → paid_on::date - due_on::date',
  f97ce2a7353a05ceb54bbe49: 'practice-dates: julianday differences → MIN(b.starts_at)::date - m.joined_on::date',
  cc6f05b5f77fc6af9694e056: "practice-dates: strftime('%w', starts_at) → EXTRACT(DOW FROM starts_at::timestamp)",
  d02053c4703b20309061d89b: 'practice-dates: julianday(paid_on) - julianday(due_on) → paid_on::date - due_on::date',
  ad8c092d09c0aaa4addf8ee6: 'practice-dates: julianday differences over LAG → starts_at::date - LAG(starts_at)::date',
  '03819a418661ac9d04a002c0': 'practice-case-and-nulls: julianday(paid_on) - julianday(due_on) → paid_on::date - due_on::date',
  '3b91ee1584496d1ea6e26186': 'practice-dates-and-strings: julianday(shipped_on) - julianday(ordered_on) → shipped_on::date - ordered_on::date',
  '8e9006f5b255d4abcfbaa07b': "practice-recursive-ctes: date(day, '+1 day') across months → day::date + 1 (a date column in the CTE)",
  // SQLite's own storage and ALTER TABLE, taught as such: PostgreSQL has no form of them.
  '35aa6ec2ef5f0e8cbd4e8a2f': 'practice-sorted-sequential-files: CREATE TABLE … WITHOUT ROWID → a plain table with its PRIMARY KEY (CLUSTER to sort it once)',
  dc493d9840a8ff1ee081d337: 'practice-constraints-and-alter-table: the rebuild under PRAGMA foreign_keys = OFF → ALTER TABLE … DROP CONSTRAINT / ADD CONSTRAINT',
  // Triggers: SQLite writes the body inline; PostgreSQL's trigger calls a function (issue 33, views and triggers).
  b4264d87660d16c9a2860c4c: 'practice-views-and-triggers: INSTEAD OF trigger with an inline body → CREATE FUNCTION … RETURNS trigger LANGUAGE plpgsql, then CREATE TRIGGER … INSTEAD OF INSERT ON lyon_customer FOR EACH ROW EXECUTE FUNCTION …',
  '0e8977f6f0457b8f4a36fd09': 'practice-views-and-triggers: AFTER UPDATE OF … WHEN … BEGIN INSERT … END → a plpgsql trigger function and CREATE TRIGGER … FOR EACH ROW WHEN (NEW.salary_cents <> OLD.salary_cents) EXECUTE FUNCTION …',
  '95462715a1a564d81d016f9c': "practice-views-and-triggers: RAISE(ABORT, …) in an inline body → a plpgsql trigger function that says RAISE EXCEPTION '…'",
  // A sandbox that cannot be portable: the INSERT leaves id out, which only an identity column numbers there.
  bc8fd1a9f885148ea1f008e2: 'practice-insert-update-delete-and-upsert: company.sql needs product.id GENERATED BY DEFAULT AS IDENTITY on PostgreSQL (a sandbox variant)',
};

/** What reads SQLite's catalogue: a check using it must be listed above. */
const SQLITE_CATALOGUE = /\bpragma_\w+|\bsqlite_(?:schema|master)\b|\bPRAGMA\b|\bEXPLAIN\s+QUERY\s+PLAN\b/i;

/**
 * A reference that is one transaction (the transactions course: BEGIN … COMMIT) runs without its
 * BEGIN and COMMIT: the lab already runs every attempt in a transaction of its own and refuses both.
 */
function withoutTransactionControl(sql: string): string {
  const inner = sql.replace(/^\s*BEGIN(?:\s+TRANSACTION)?\s*;/i, '').replace(/\bCOMMIT\s*;?\s*$/i, '');
  if (inner !== sql) passed.transactions++;
  return inner;
}

type ShippedCheck = { _id: string; kind: string; referenceSql?: string; verifySql?: string };

interface Case {
  where: string;
  checkId: string;
  sandbox: string;
  statements: string;
}

const cases: Case[] = folder.courses.flatMap((course, c) => {
  if (course.sandbox?.kind !== 'sql') return [];
  const datasets = [
    ['', course.sandbox.source],
    ...(course.sandbox.hiddenSource ? [[' (hidden data)', course.sandbox.hiddenSource]] : []),
  ] as [string, string][];
  return course.projects.flatMap((project, p) =>
    ((project.checks ?? []) as ShippedCheck[]).flatMap((check, k) => {
      if ((check.kind !== 'query' && check.kind !== 'state') || !check.referenceSql || check._id in POSTGRES_VARIANT_NEEDED) return [];
      const at = folder.locate(`courses[${c}].projects[${p}].checks[${k}].referenceSql`);
      const verify = check.kind === 'state' && check.verifySql && !(check._id in SQLITE_VERIFIED) ? `;\n${check.verifySql}` : '';
      return datasets.map(([label, sandbox]) => ({ where: `${at.file}:${at.line}${label}`, checkId: check._id, sandbox, statements: `${withoutTransactionControl(check.referenceSql!)};\n${verify}` }));
    }),
  );
});

let infra: TestInfra;
let lab: PostgresLab;


beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
  // A generous time limit: the machine runs other suites at once, and a sandbox is loaded per run.
  lab = new PostgresLab(infra.postgresUrl, { poolSize: 1, timeLimitMs: 30_000 });
}, 120_000);

afterAll(async () => {
  console.log(`PostgreSQL portability: ${passed.sandboxes} sandboxes load, ${passed.references} of ${cases.length} reference runs pass, ${Object.keys(SQLITE_VERIFIED).length} checks SQLite-verified, ${Object.keys(POSTGRES_VARIANT_NEEDED).length} references need a PostgreSQL variant, ${passed.transactions} run without their BEGIN/COMMIT.`);
  await lab?.close();
  await infra?.stop();
});

/** Cases run on one load of their sandbox, each between a savepoint and a rollback to it. */
const BATCH = 30;

/** The lines `text` takes. */
const linesOf = (text: string) => text.split('\n').length;

/**
 * Runs `batch` on one load of `sandbox`; a failing case (found by the line the lab names) is
 * reported and the cases after it run on a fresh load. Answers each failure with its place.
 */
async function runBatch(sandbox: string, batch: Case[]): Promise<string[]> {
  const failures: string[] = [];
  let rest = batch;
  while (rest.length > 0) {
    const starts: number[] = [];
    let line = 1;
    const text = rest
      .map(({ statements }) => {
        starts.push(line);
        const part = `SAVEPOINT portability;\n${statements}\n;\nROLLBACK TO SAVEPOINT portability;\n`;
        line += linesOf(part) - 1;
        return part;
      })
      .join('');
    const failure = await lab.run({ sandbox, statements: text }).then(
      () => null,
      (error: unknown) => {
        if (error instanceof PostgresLabFailure) return error;
        throw error;
      },
    );
    if (!failure) {
      passed.references += rest.length;
      return failures;
    }
    const index = failure.source === 'statements' && failure.line !== null ? starts.findLastIndex((start) => start <= failure.line!) : -1;
    if (index < 0) {
      // A failure without a line (the sandbox, a result cap, a time-out): each case alone says which.
      for (const one of rest) {
        const alone = await failureOf({ sandbox, statements: one.statements });
        if (alone) failures.push(`content/${one.where} check ${one.checkId}: ${alone}`);
        else passed.references++;
      }
      return failures;
    }
    passed.references += index;
    const failed = rest[index]!;
    // The line within the check's own statements (the savepoint takes the case's first line).
    const message = failure.message.replace(/^Line \d+:/, `Line ${failure.line! - starts[index]!}:`).replace(/\(line \d+\)/, `(line ${failure.line! - starts[index]!})`);
    failures.push(`content/${failed.where} check ${failed.checkId}: ${message}`);
    rest = rest.slice(index + 1);
  }
  return failures;
}

async function failureOf(request: { sandbox?: string; statements: string }): Promise<string | null> {
  try {
    await lab.run(request);
    return null;
  } catch (error) {
    if (error instanceof PostgresLabFailure) return `${error.source}: ${error.message}`;
    throw error;
  }
}

describe('the curriculum on PostgreSQL', () => {
  it('lists as SQLite-verified every state check whose verification reads SQLite’s catalogue, and only shipped checks', () => {
    const checks = folder.courses.flatMap((course) => course.projects.flatMap((project) => (project.checks ?? []) as ShippedCheck[]));
    const reading = checks.filter((check) => check.kind === 'state' && SQLITE_CATALOGUE.test(check.verifySql ?? '')).map((check) => check._id);
    expect(reading.filter((id) => !(id in SQLITE_VERIFIED))).toEqual([]);
    const shipped = new Set(checks.map((check) => check._id));
    expect(Object.keys(SQLITE_VERIFIED).filter((id) => !shipped.has(id))).toEqual([]);
  });

  it('names only shipped checks as needing a PostgreSQL variant', () => {
    const ids = new Set(folder.courses.flatMap((course) => course.projects.flatMap((project) => (project.checks ?? []).map((check) => check._id))));
    expect(Object.keys(POSTGRES_VARIANT_NEEDED).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('loads every SQL practice database', async () => {
    const files = readdirSync(SANDBOX_DIR).filter((name) => name.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const name of files) {
      const failure = await failureOf({ sandbox: readFileSync(join(SANDBOX_DIR, name), 'utf8'), statements: 'SELECT 1' });
      if (failure) failures.push(`content/sandboxes/${name}: ${failure}`);
      else passed.sandboxes++;
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('runs every query and state check’s reference (and its verification) on the course’s data', async () => {
    const failures: string[] = [];
    const bySandbox = new Map<string, Case[]>();
    for (const one of cases) bySandbox.set(one.sandbox, [...(bySandbox.get(one.sandbox) ?? []), one]);
    for (const [sandbox, all] of bySandbox) {
      for (let at = 0; at < all.length; at += BATCH) failures.push(...(await runBatch(sandbox, all.slice(at, at + BATCH))));
    }
    expect(failures).toEqual([]);
  }, 1_200_000);
});
