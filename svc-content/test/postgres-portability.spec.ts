import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestInfra, TEST_POSTGRES_CONNECT_TIMEOUT_MS, type TestInfra } from '@dblearn/testing';
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
 * State checks whose verification reads SQLite's catalogue (pragma_*, sqlite_schema, EXPLAIN QUERY
 * PLAN) and have no `verifySqlPostgres`: graded on SQLite only. Empty: every such check has one
 * (information_schema and pg_catalog; a plan check verifies its index by its columns there).
 */
const SQLITE_VERIFIED: Record<string, string> = {};

/**
 * References with no form both engines accept and no `referenceSqlPostgres` yet: graded on SQLite
 * only. Empty: day arithmetic, WITHOUT ROWID and the PRAGMA rebuild have their PostgreSQL variants,
 * and an INTEGER PRIMARY KEY numbers rows on PostgreSQL too (the grader makes it an identity column).
 */
const POSTGRES_VARIANT_NEEDED: Record<string, string> = {};

/**
 * References that run on PostgreSQL only as the grader loads the sandbox (this spec loads it raw):
 * run there by red-team-postgres.spec.ts, through the grader.
 */
const GRADER_LOADED: Record<string, string> = {
  bc8fd1a9f885148ea1f008e2: "practice-insert-update-delete-and-upsert: inserts into company.sql's product without id (the grader makes product.id an identity)",
  b4264d87660d16c9a2860c4c: "practice-views-and-triggers: its verification inserts into company.sql's customer through the view without id (the grader makes customer.id an identity)",
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

type ShippedCheck = { _id: string; kind: string; referenceSql?: string; verifySql?: string; referenceSqlPostgres?: string; verifySqlPostgres?: string };

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
      if ((check.kind !== 'query' && check.kind !== 'state') || !check.referenceSql || check._id in POSTGRES_VARIANT_NEEDED || check._id in GRADER_LOADED) return [];
      const at = folder.locate(`courses[${c}].projects[${p}].checks[${k}].referenceSql`);
      const verifySql = check.verifySqlPostgres ?? check.verifySql;
      const verify = check.kind === 'state' && verifySql && !(check._id in SQLITE_VERIFIED) ? `;\n${verifySql}` : '';
      const referenceSql = check.referenceSqlPostgres ?? check.referenceSql!;
      return datasets.map(([label, sandbox]) => ({ where: `${at.file}:${at.line}${label}`, checkId: check._id, sandbox, statements: `${withoutTransactionControl(referenceSql)};\n${verify}` }));
    }),
  );
});

let infra: TestInfra;
let lab: PostgresLab;


beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
  // A generous time limit: the machine runs other suites at once, and a sandbox is loaded per run.
  lab = new PostgresLab(infra.postgresUrl, { poolSize: 1, timeLimitMs: 30_000, connectionTimeoutMs: TEST_POSTGRES_CONNECT_TIMEOUT_MS });
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
    const reading = checks.filter((check) => check.kind === 'state' && SQLITE_CATALOGUE.test(check.verifySqlPostgres ?? check.verifySql ?? '')).map((check) => check._id);
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
