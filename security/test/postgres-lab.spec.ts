import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiOptions, callApi, signUpLearner } from './support/calls.js';
import { type Target, targetPlatform } from './support/platform.js';

/*
 * Issue 32 "Safety" as an attacker sees the PostgreSQL lab through POST /api/course/sandbox/{id}/run:
 * each refusal is a 400 with a message (never a 5xx), resource exhaustion is stopped, and one
 * learner's locks and runaway do not hold up another. Run as probes.spec.ts is (`npm run
 * test:security`; needs an admin account: the platform this suite starts, or SECURITY_ADMIN_EMAIL/
 * SECURITY_ADMIN_PASSWORD), against a platform whose svc-content has POSTGRES_URL (npm start's own).
 */

let target: Target;
let courseId: string;
/** A project of the probe course with a query check and a state check, for graded attempts on PostgreSQL. */
let projectId: string;
let queryCheckId: string;
let stateCheckId: string;
const api = (path: string, options?: ApiOptions) => callApi(target, path, options);
const learner = () => signUpLearner(target, 'pg-probe');

async function run(token: string, sql: string): Promise<{ status: number; body: { message?: string | string[]; results?: { rows: unknown[][] }[] } }> {
  const response = await api(`/course/sandbox/${courseId}/run`, { token, json: { sql, engine: 'postgres' } });
  return { status: response.status, body: (await response.json()) as { message?: string; results?: { rows: unknown[][] }[] } };
}

/** Portable SQL: it saves (SQLite checks it) and loads on PostgreSQL. */
const SANDBOX = "CREATE TABLE member (id integer PRIMARY KEY, name text NOT NULL);\nINSERT INTO member VALUES (1, 'Ana'), (2, 'Bo');";

beforeAll(async () => {
  target = await targetPlatform();
  const signIn = await api('/auth', { json: target.admin });
  expect(signIn.status).toBe(200);
  const admin = await signIn.text();
  courseId = ((await (await api('/course', { token: admin, json: { topic: 'sql', name: `Probe postgres course ${Date.now()}`, teacher: 'Probe Teacher', length: '1 hour' } })).json()) as { _id: string })._id;
  expect((await api(`/course/sandbox/${courseId}`, { method: 'PUT', token: admin, json: { kind: 'sql', source: SANDBOX } })).status).toBe(200);
  projectId = ((await (await api('/project', { token: admin, json: { title: `Probe postgres project ${Date.now()}`, difficulty: 'beginner', courseId } })).json()) as { _id: string })._id;
  const addCheck = async (body: object) => {
    const added = await api(`/project/check/${projectId}`, { method: 'PUT', token: admin, json: body });
    expect(added.status).toBe(200);
    const { checks } = (await added.json()) as { checks: { _id: string }[] };
    return checks[checks.length - 1]!._id;
  };
  queryCheckId = await addCheck({ task: 'Every member, by id.', referenceSql: 'SELECT id, name FROM member ORDER BY id' });
  stateCheckId = await addCheck({ kind: 'state', task: 'Add the member Cy.', referenceSql: "INSERT INTO member (name) VALUES ('Cy')", verifySql: 'SELECT name FROM member ORDER BY name' });
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

describe('the PostgreSQL lab (issue 32)', () => {
  it('runs a learner\'s SQL on the course sandbox (and refuses a visitor)', async () => {
    const token = await learner();
    const answer = await run(token, 'SELECT id, name FROM member ORDER BY id');
    expect(answer).toEqual({ status: 200, body: { engine: 'postgres', results: [{ columns: ['id', 'name'], rows: [[1, 'Ana'], [2, 'Bo']] }] } });
    expect((await api(`/course/sandbox/${courseId}/run`, { json: { sql: 'SELECT 1', engine: 'postgres' } })).status).toBe(401);
  });

  const probes: Array<[string, RegExp]> = [
    ['VACUUM member', /cannot run inside a transaction block/],
    ['CREATE DATABASE probe', /cannot run inside a transaction block/],
    ['CREATE INDEX CONCURRENTLY ON member (name)', /cannot run inside a transaction block/],
    ["ALTER SYSTEM SET work_mem = '1GB'", /cannot run inside a transaction block/],
    ["COPY member TO PROGRAM 'id'", /COPY is not allowed here/],
    ["DO $$ BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id'''; END $$", /permission denied/],
    ["SELECT pg_read_file('/etc/passwd')", /permission denied/],
    ["SELECT lo_import('/etc/passwd')", /permission denied/],
    ["SELECT lo_export(1, '/tmp/probe')", /permission denied/],
    ['CREATE EXTENSION dblink', /permission denied/],
    ['CREATE EXTENSION pgcrypto', /permission denied/],
    ['SET ROLE postgres', /permission denied/],
    ['SET SESSION AUTHORIZATION postgres', /permission denied/],
    ["PREPARE TRANSACTION 'probe'", /not allowed here/],
    ['COMMIT', /not allowed here/],
    ['LISTEN probe', /not allowed here/],
    ["NOTIFY probe, 'x'", /not allowed here/],
    ['SELECT pg_advisory_lock(42)', /permission denied/],
    ['DECLARE c CURSOR WITH HOLD FOR SELECT 1', /not allowed here/],
    ['SELECT pg_sleep(30)', /ran longer than 2 s/],
    ['SELECT pg_terminate_backend(1)', /permission denied/],
    ['SELECT pg_cancel_backend(1)', /permission denied/],
    ['SET statement_timeout = 0', /not allowed here/],
    // The GRANT lesson's roles (deploy/postgres/lab-roles.sql): a learner grants them rights on a copy, never becomes one.
    ['SET ROLE lab_analyst', /permission denied/],
    ['GRANT lab_analyst TO dblearn_lab', /permission denied/],
    ['ALTER ROLE lab_intern LOGIN', /permission denied/],
  ];
  // A few learners share the probes, each well under the per-learner attempt rate.
  const probers: Promise<string>[] = [];
  const proberFor = (sql: string) => {
    // 9 a learner: the sign-ups stay under the 10 accounts a minute one address may make.
    const index = Math.floor(probes.findIndex(([probe]) => probe === sql) / 9);
    probers[index] ??= learner();
    return probers[index];
  };
  it.each(probes)('refuses %s with a 400', async (sql, message) => {
    const answer = await run(await proberFor(sql), sql);
    expect(answer.status).toBe(400);
    expect(String(answer.body.message)).toMatch(message);
  });

  it("keeps a GRANT to the lesson roles inside its own run: the next run's roles hold nothing", async () => {
    const token = await proberFor('SET ROLE lab_analyst');
    const granted = await run(token, "GRANT SELECT ON member TO lab_analyst; SELECT has_table_privilege('lab_analyst', 'member', 'SELECT')::int");
    expect(granted).toMatchObject({ status: 200, body: { results: [{ rows: [[1]] }] } });
    // Anywhere in the database: no table, schema or function left with a right for either role.
    const held = "SELECT count(*)::int FROM pg_class c, aclexplode(c.relacl) a WHERE a.grantee IN ('lab_analyst'::regrole, 'lab_intern'::regrole)";
    expect(await run(token, held)).toMatchObject({ status: 200, body: { results: [{ rows: [[0]] }] } });
  });

  it('stops resource exhaustion with a 400: a huge result, a recursive CTE, temp files, memory', async () => {
    const token = await learner();
    for (const [sql, message] of [
      ['SELECT g FROM generate_series(1, 100000) g', /more than 10000 rows/],
      ['SELECT g FROM generate_series(1, 100000000) g', /temporary file size exceeds|ran longer than 2 s/],
      ['WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n', /ran longer than 2 s|temporary file size exceeds/],
      ['SELECT count(*) FROM (SELECT md5(g::text) AS h FROM generate_series(1, 20000000) g ORDER BY h) s', /temporary file size exceeds|ran longer than 2 s/],
      // A value built in memory whatever work_mem says, past the server's bound per backend (ulimit -v).
      ["SELECT length(string_agg(x, '')) FROM (SELECT repeat(repeat('x', 1000000), 300) AS x FROM generate_series(1, 2)) s", /out of memory/],
    ] as const) {
      const answer = await run(token, sql);
      expect([sql, answer.status, String(answer.body.message)]).toEqual([sql, 400, expect.stringMatching(message)]);
    }
  }, 60_000);

  it("does not let one learner's locks and runaway hold up another", async () => {
    const [first, second] = [await learner(), await learner()];
    const order: string[] = [];
    const holder = run(first, 'SELECT id FROM member FOR UPDATE; SELECT pg_sleep(1.8)').then((answer) => {
      order.push('holder');
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const other = await run(second, "SELECT id FROM member FOR UPDATE; UPDATE member SET name = 'x'; SELECT count(*) FROM member");
    order.push('other');
    expect(other).toMatchObject({ status: 200, body: { results: [{ rows: [[1], [2]] }, { rows: [[2]] }] } });
    expect((await holder).status).toBe(200);
    expect(order).toEqual(['other', 'holder']);
  }, 30_000);

  describe('graded attempts on PostgreSQL', () => {
    async function graded(token: string, checkId: string, sql: string): Promise<{ status: number; body: { passed?: boolean; message?: string | string[] } }> {
      const response = await api(`/project/${projectId}/attempts`, { token, json: { checkId, sql, engine: 'postgres' } });
      return { status: response.status, body: (await response.json()) as { passed?: boolean; message?: string } };
    }

    it('grades a right answer on PostgreSQL', async () => {
      const token = await learner();
      expect(await graded(token, queryCheckId, 'SELECT id, name FROM member ORDER BY 1')).toMatchObject({ status: 200, body: { passed: true } });
      expect(await graded(token, stateCheckId, "BEGIN; INSERT INTO member (name) VALUES ('Cy'); COMMIT;")).toMatchObject({ status: 200, body: { passed: true } });
    });

    // Every refusal of the lab, as an attempt at either kind of check: a failed verdict or a clear 4xx, never a 5xx.
    const attemptProbes = probes.filter(([sql]) => !/pg_sleep/.test(sql)).flatMap(([sql]) => [['query', sql] as const, ['state', sql] as const]);
    it.each(attemptProbes)('answers a %s check\'s attempt %s with a failed verdict or a 4xx', async (kind, sql) => {
      const answer = await graded(await proberFor(sql), kind === 'query' ? queryCheckId : stateCheckId, sql);
      expect(answer.status).toBeLessThan(500);
      if (answer.status === 200) expect(answer.body.passed).toBe(false);
    });

    it('keeps the template schemas read-only and the hidden ones unreadable to a learner (decision 0042)', async () => {
      // Its own learner: the probers above have spent most of their 30 attempts a minute by now.
      const token = await learner();
      // A graded read makes (or finds) the sandbox's templates.
      expect(await graded(token, queryCheckId, 'SELECT id, name FROM member ORDER BY id')).toMatchObject({ status: 200, body: { passed: true } });
      // Every template with a member table (the probe sandbox's; the catalogue is readable by anyone).
      const listed = await run(token, "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname = 'member' AND n.nspname LIKE 'tpl\\_%' ORDER BY 1");
      expect(listed.status).toBe(200);
      const names = (listed.body.results?.[0]?.rows ?? []).map(([name]) => String(name));
      const hidden = names.filter((name) => name.startsWith('tpl_h_'));
      const visible = names.filter((name) => name.startsWith('tpl_v_'));
      expect(hidden.length).toBeGreaterThan(0);
      expect(visible.length).toBeGreaterThan(0);
      for (const schema of hidden) {
        const read = await run(token, `SELECT * FROM ${schema}.member`);
        expect([schema, read.status, String(read.body.message)]).toEqual([schema, 400, expect.stringMatching(/permission denied/)]);
        const attempt = await graded(token, queryCheckId, `SELECT id, name FROM ${schema}.member ORDER BY id`);
        expect(attempt).toMatchObject({ status: 200, body: { passed: false, message: expect.stringMatching(/permission denied/) } });
      }
      for (const schema of visible.slice(0, 3)) {
        for (const [sql, message] of [
          [`UPDATE ${schema}.member SET name = 'x'`, /permission denied/],
          [`DROP SCHEMA ${schema} CASCADE`, /must be owner/],
          [`CREATE TABLE ${schema}.extra (x int)`, /permission denied/],
          [`LOCK TABLE ${schema}.member IN ACCESS EXCLUSIVE MODE`, /permission denied/],
          [`SELECT * FROM ${schema}.member FOR UPDATE`, /permission denied/],
          ['SET ROLE dblearn_lab_author', /permission denied/],
          ['SET ROLE dblearn_lab_hidden', /permission denied/],
        ] as const) {
          const answer = await run(token, sql);
          expect([sql, answer.status, String(answer.body.message)]).toEqual([sql, 400, expect.stringMatching(message)]);
        }
      }
      // What the next learner's attempt reads is unchanged.
      expect(await graded(await proberFor('SET statement_timeout = 0'), queryCheckId, 'SELECT id, name FROM member ORDER BY id')).toMatchObject({ status: 200, body: { passed: true } });
    }, 120_000);

    it('stops a runaway attempt without a 5xx', async () => {
      const token = await learner();
      for (const sql of ['SELECT pg_sleep(30)', 'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n) SELECT count(*) FROM n', "RELEASE SAVEPOINT learner_transaction; SELECT 1"]) {
        const answer = await graded(token, stateCheckId, sql);
        expect([sql, answer.status < 500, answer.status === 200 ? answer.body.passed : false]).toEqual([sql, true, false]);
      }
    }, 60_000);
  });
});
