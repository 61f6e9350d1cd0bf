import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestInfra, type TestInfra } from '@dblearn/testing';
import type { RpcException } from '@nestjs/microservices';
import type { ContentConfig } from '../config/content-config.js';
import type { SandboxesService } from '../sandboxes/sandboxes.service.js';
import { SqlRunner } from '../sql-runner/sql-runner.js';
import { PostgresGradingService } from './postgres-grading.service.js';
import { PostgresLabAccess } from './postgres-lab.access.js';
import { PostgresLabService, POSTGRES_RUNS_PER_LEARNER } from './postgres-lab.service.js';

// What svc-content answers the gateway for a PostgreSQL run (a real server; the course's sandbox given directly).

let infra: TestInfra;
const runner = new SqlRunner({ sqlWorkers: 1 });
const learner = '6560f0c2a1b2c3d4e5f60718';
const sandboxOf = (source: string | null, kind = 'sql') => ({ forRun: async () => (source === null ? null : { kind, source, hiddenSource: null, key: `spec:${kind}:${source}` }) }) as unknown as SandboxesService;
const config = (postgresUrl?: string) => ({ ...(postgresUrl ? { postgresUrl } : {}) }) as ContentConfig;
/** The service on a pool of its own, closed by its onModuleDestroy. */
function labService(settings: ContentConfig, sandboxes: SandboxesService): PostgresLabService & { onModuleDestroy(): Promise<void> } {
  const access = new PostgresLabAccess(settings);
  return Object.assign(new PostgresLabService(access, sandboxes, new PostgresGradingService(access, runner)), { onModuleDestroy: () => access.onModuleDestroy() });
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  return (error as RpcException | null)?.getError?.() ?? error;
}

beforeAll(async () => {
  infra = await startTestInfra({ mongo: false, nats: false, postgres: true });
}, 120_000);

afterAll(async () => {
  await runner.onModuleDestroy();
  await infra?.stop();
});

describe('PostgresLabService', () => {
  it('runs on the course sandbox, or on an empty database without one', async () => {
    const service = labService(config(infra.postgresUrl), sandboxOf('CREATE TABLE t (n int); INSERT INTO t VALUES (7);'));
    try {
      expect(await service.run('c1', { sql: 'SELECT n FROM t', engine: 'postgres', userId: learner })).toEqual({ engine: 'postgres', results: [{ columns: ['n'], rows: [[7]] }] });
      // As graded attempts load it: an integer primary key numbers a row inserted without it, as on SQLite.
      const keyed = labService(config(infra.postgresUrl), sandboxOf("CREATE TABLE t (id INTEGER PRIMARY KEY, n int); INSERT INTO t VALUES (1, 7);"));
      expect((await keyed.run('c1', { sql: 'INSERT INTO t (n) VALUES (8); SELECT id, n FROM t ORDER BY id', engine: 'postgres', userId: learner })).results).toEqual([{ columns: ['id', 'n'], rows: [[1, 7], [2, 8]] }]);
      await keyed.onModuleDestroy();
      const empty = labService(config(infra.postgresUrl), sandboxOf(null));
      expect((await empty.run('c1', { sql: "SELECT to_regclass('t') IS NULL AS none", engine: 'postgres', userId: learner })).results[0]!.rows).toEqual([['t']]);
      await empty.onModuleDestroy();
    } finally {
      await service.onModuleDestroy();
    }
  });

  it('answers 400 for a failing statement, a sandbox that does not run on PostgreSQL, a mongo sandbox or the sqlite engine', async () => {
    const service = labService(config(infra.postgresUrl), sandboxOf('CREATE TABLE t (n INTEGER PRIMARY KEY AUTOINCREMENT);'));
    const mongo = labService(config(infra.postgresUrl), sandboxOf('{"books": []}', 'mongo'));
    try {
      expect(await refusal(service.run('c1', { sql: 'SELECT 1', engine: 'postgres', userId: learner }))).toEqual({
        statusCode: 400,
        message: 'The course\'s sandbox does not run on PostgreSQL: Line 1: syntax error at or near "AUTOINCREMENT"',
      });
      expect(await refusal(service.run('c1', { sql: 'SELECT 1', userId: learner }))).toMatchObject({ statusCode: 400, message: expect.stringMatching(/SQLite runs in your browser/) });
      expect(await refusal(mongo.run('c1', { sql: 'SELECT 1', engine: 'postgres', userId: learner }))).toEqual({ statusCode: 400, message: "This course's sandbox is not SQL." });
    } finally {
      await service.onModuleDestroy();
      await mongo.onModuleDestroy();
    }
  });

  it('answers 503 without a server, and 429 past a learner\'s runs in flight', async () => {
    const none = labService(config(), sandboxOf(null));
    expect(await refusal(none.run('c1', { sql: 'SELECT 1', engine: 'postgres', userId: learner }))).toEqual({ statusCode: 503, message: 'The PostgreSQL lab is unavailable; SQLite still works.' });
    const service = labService(config(infra.postgresUrl), sandboxOf(null));
    try {
      const slow = Array.from({ length: POSTGRES_RUNS_PER_LEARNER }, () => service.run('c1', { sql: 'SELECT pg_sleep(0.5)', engine: 'postgres', userId: learner }));
      expect(await refusal(service.run('c1', { sql: 'SELECT 1', engine: 'postgres', userId: learner }))).toMatchObject({ statusCode: 429 });
      await Promise.all(slow);
      expect((await service.run('c1', { sql: 'SELECT 1 AS again', engine: 'postgres', userId: learner })).results).toHaveLength(1);
    } finally {
      await service.onModuleDestroy();
    }
  });
});
