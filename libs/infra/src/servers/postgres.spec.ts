import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findRepoRoot } from '../paths.js';
import { resolvePostgresOsUser } from '../tools/postgres.js';
import { isPostgresChatter, LAB_PROCESS_ADDRESS_SPACE_KB, postgresServerSpec, postgresSocketDir } from './postgres.js';
import { startPrivatePostgres, type PrivateServer } from './private.js';

const binaries = { initdb: '/pg/bin/initdb', postgres: '/pg/bin/postgres' };

async function query(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

describe('the PostgreSQL lab server (issue 32)', () => {
  it('listens on a socket in its owner-only folder, with no TCP port and the lab limits', () => {
    const spec = postgresServerSpec(binaries, '/home/ana/dblearn/.data', { uid: 101, gid: 104, separate: true }, {});
    expect(spec.command).toBe('/bin/sh');
    expect(spec.args.slice(0, 3)).toEqual(['-c', `ulimit -v ${LAB_PROCESS_ADDRESS_SPACE_KB} && exec "$0" "$@"`, binaries.postgres]);
    expect(spec.args).toEqual(expect.arrayContaining(['-D', '/home/ana/dblearn/.data/postgres', '-c', 'listen_addresses=', '-c', 'unix_socket_directories=/home/ana/dblearn/.data/postgres']));
    expect(spec.args).toEqual(expect.arrayContaining(['-c', 'statement_timeout=2s', '-c', 'temp_file_limit=64MB', '-c', 'max_prepared_transactions=0']));
    expect(spec).toMatchObject({ uid: 101, gid: 104, stopSignal: 'SIGINT', ready: { kind: 'unix', path: '/home/ana/dblearn/.data/postgres/.s.PGSQL.5432' } });
    expect(() => postgresSocketDir(`/${'x'.repeat(90)}`)).toThrow(/DATA_DIR is too long for PostgreSQL's socket/);
  });

  it("keeps learners' errors and start-up notes out of the launcher's output, not the server's own failures", () => {
    expect(isPostgresChatter('2026-11-29 06:16:33.640 UTC [11225] LOG:  starting PostgreSQL 17.10')).toBe(true);
    expect(isPostgresChatter('2026-11-29 06:16:33.640 UTC [11226] ERROR:  relation "x" does not exist')).toBe(true);
    expect(isPostgresChatter('2026-11-29 06:16:33.640 UTC [11226] STATEMENT:  SELECT * FROM x')).toBe(true);
    expect(isPostgresChatter('2026-11-29 06:16:53.066 UTC [11807] FATAL:  the database system is not yet accepting connections')).toBe(true);
    expect(isPostgresChatter('2026-11-29 06:16:53.066 UTC [11807] FATAL:  could not open file "global/pg_control"')).toBe(false);
    expect(isPostgresChatter('2026-11-29 06:16:53.066 UTC [11807] PANIC:  could not write to file')).toBe(false);
  });

  describe('a real server', () => {
    let dataDir: string;
    let server: PrivateServer | undefined;

    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'dblearn-pg-'));
    });

    afterAll(async () => {
      await server?.handle.stop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('is made on the first start, never as root, and lets svc-content in as the unprivileged lab role', async () => {
      server = await startPrivatePostgres(findRepoRoot(), dataDir);
      const osUser = await resolvePostgresOsUser();
      expect((await stat(join(dataDir, 'postgres'))).uid).toBe(osUser.uid);
      expect(osUser.uid === 0).toBe(false);
      // Passable by the server's group alone when it is another OS user; never listable.
      const folder = await stat(dataDir);
      expect(folder.mode & 0o777).toBe(osUser.separate ? 0o710 : 0o700);
      if (osUser.separate) expect(folder.gid).toBe(osUser.gid);
      const secrets = JSON.parse(await readFile(join(dataDir, 'postgres.json'), 'utf8')) as Record<string, string>;
      expect((await stat(join(dataDir, 'postgres.json'))).mode & 0o077).toBe(0);
      expect(server.url).toContain(encodeURIComponent(secrets.labPassword!));
      const [me] = await query(server.url, "SELECT current_user AS who, usesuper, current_setting('statement_timeout') AS timeout FROM pg_user WHERE usename = current_user");
      expect(me).toEqual({ who: 'dblearn_lab', usesuper: false, timeout: '2s' });
      // Both roles a learner's SQL runs as carry the same limits of their own (lab-roles.sql), for a server started without them.
      const limits = await query(
        server.url,
        "SELECT r.rolname AS role, s.setconfig AS settings FROM pg_db_role_setting s JOIN pg_roles r ON r.oid = s.setrole WHERE r.rolname IN ('dblearn_lab', 'dblearn_lab_hidden') ORDER BY 1",
      );
      const expected = ['statement_timeout=2s', 'lock_timeout=1s', 'idle_in_transaction_session_timeout=10s', 'work_mem=4MB', 'temp_file_limit=64MB'];
      expect(limits).toEqual([
        { role: 'dblearn_lab', settings: expect.arrayContaining(expected) },
        { role: 'dblearn_lab_hidden', settings: expect.arrayContaining(expected) },
      ]);
      await expect(query(server.url.replace(encodeURIComponent(secrets.labPassword!), 'wrong'), 'SELECT 1')).rejects.toThrow(/password authentication failed/);
      // The server runs under the address-space limit (ulimit -v) that every backend inherits, with the pid the launcher watches.
      const postmaster = server.handle.pid!;
      expect(await readFile(`/proc/${postmaster}/comm`, 'utf8')).toBe('postgres\n');
      const addressSpace = /^Max address space\s+(\d+)\s+(\d+)/m.exec(await readFile(`/proc/${postmaster}/limits`, 'utf8'));
      expect(addressSpace?.slice(1).map(Number)).toEqual([LAB_PROCESS_ADDRESS_SPACE_KB * 1024, LAB_PROCESS_ADDRESS_SPACE_KB * 1024]);
    }, 120_000);

    it('reuses its cluster on a second start, with the same password', async () => {
      await server!.handle.stop();
      const firstUrl = server!.url;
      server = await startPrivatePostgres(findRepoRoot(), dataDir);
      expect(server.url).toBe(firstUrl);
      expect(await query(server.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    }, 120_000);

    it('lets svc-content in as the template owner too, a DATA_DIR from before it given its password on the next start (decision 0042)', async () => {
      await server!.handle.stop();
      const path = join(dataDir, 'postgres.json');
      const { authorPassword, ...older } = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
      expect(authorPassword).toBeTruthy();
      await writeFile(path, JSON.stringify(older), { mode: 0o600 });
      server = await startPrivatePostgres(findRepoRoot(), dataDir);
      const secrets = JSON.parse(await readFile(path, 'utf8')) as Record<string, string>;
      expect(secrets.authorPassword).toBeTruthy();
      expect(server.authorUrl).toContain(encodeURIComponent(secrets.authorPassword!));
      const [me] = await query(server.authorUrl!, "SELECT current_user AS who, usesuper, has_database_privilege('dblearn_lab', 'CREATE') AS creates FROM pg_user WHERE usename = current_user");
      expect(me).toEqual({ who: 'dblearn_lab_author', usesuper: false, creates: true });
      // The lab role cannot act as it.
      await expect(query(server.url, 'SET ROLE dblearn_lab_author')).rejects.toThrow(/permission denied to set role/);
    }, 120_000);
  });
});
