import { spawn, type ChildProcess } from 'node:child_process';
import { lstat, mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect } from '@nats-io/transport-node';
import { probeTcp } from '../src/process/readiness.js';
import { REMOTE_TABLE } from '../src/workspaces/platform.js';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// CONTRACT "Running it": the launcher as `npm start` runs it, stopped with Ctrl-C and started again
// on the same DATA_DIR, still knows every account. Own ports, so a developer's instance is untouched.
const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const cli = join(repoRoot, 'libs', 'infra', 'dist', 'cli.js');
const webPort = 18280;
const base = `http://127.0.0.1:${webPort}/api`;
const natsPort = 14280;
const dbPort = 27928;
const READY_LINE = `DBLearn is ready at http://localhost:${webPort}`;

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-restart-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface RunningPlatform {
  child: ChildProcess;
  output: () => string;
}

function startPlatform(): Promise<RunningPlatform> {
  const child = spawn(process.execPath, [cli, 'start'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_PORT: String(webPort),
      GATEWAY_PORT: '13280',
      DB_PORT: String(dbPort),
      NATS_PORT: String(natsPort),
      // Every remote's manifest on a closed port: this test is about accounts, not the areas.
      ...Object.fromEntries(REMOTE_TABLE.map((remote) => [remote.urlVariable, 'http://127.0.0.1:9/mf-manifest.json'])),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolveStart, rejectStart) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) resolveStart({ child, output: () => output });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => rejectStart(new Error(`the launcher exited (${code}) before it was ready:\n${output}`)));
  });
}

function stopWithCtrlC(platform: RunningPlatform): Promise<number | null> {
  return new Promise((resolveStop) => {
    platform.child.once('exit', (code) => resolveStop(code));
    platform.child.kill('SIGINT');
  });
}

const account = { email: 'restart.check@dblearn.test', password: 'kept-across-restarts', skill: 'intermediate' };

it('keeps every account across a Ctrl-C and a second start on the same DATA_DIR', async () => {
  const first = await startPlatform();
  try {
    const registered = await fetch(`${base}/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account) });
    expect(registered.status).toBe(201);
    expect(first.output()).toMatch(/admin account created/);
  } finally {
    expect(await stopWithCtrlC(first)).toBe(0);
  }

  const second = await startPlatform();
  try {
    // The first start printed the generated admin's password; the second only says where it is kept.
    expect(second.output()).not.toMatch(/admin account created/);
    const login = await fetch(`${base}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    expect(login.status).toBe(200);
    const me = await fetch(`${base}/users/me`, { headers: { 'x-auth-token': await login.text() } });
    expect(await me.json()).toMatchObject({ email: account.email, skill: 'intermediate', isAdmin: false });
    // Issue 6: the bus wants credentials under npm start, and the data folder is the owner's alone.
    await expect(connect({ servers: `nats://127.0.0.1:${natsPort}`, maxReconnectAttempts: 0 })).rejects.toThrow(/authorization/i);
    // Issue 17: the database has no credentials, so nothing listens on TCP for it (DB_PORT was given
    // above); only its socket in the owner-only DATA_DIR answers.
    expect(await probeTcp('127.0.0.1', dbPort)).toBe(false);
    expect((await lstat(join(dataDir, 'ferretdb.sock'))).isSocket()).toBe(true);
    expect(await looseModes(dataDir)).toEqual([]);
  } finally {
    expect(await stopWithCtrlC(second)).toBe(0);
  }
}, 240_000);

/** Every file or folder under `dir` that someone other than its owner may read (symbolic links aside). */
async function looseModes(dir: string): Promise<string[]> {
  const loose: string[] = [];
  const visit = async (path: string) => {
    const info = await lstat(path);
    if (info.isSymbolicLink()) return;
    // DATA_DIR itself may be passable (not listable) by its group: under root that is the PostgreSQL
    // lab server's OS user, which must reach its cluster inside (decision 0028).
    const allowed = path === dir ? 0o010 : 0;
    if ((info.mode & 0o077 & ~allowed) !== 0) loose.push(`${path} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const entry of await readdir(path)) await visit(join(path, entry));
  };
  await visit(dir);
  return loose;
}
