import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildProject, freePort, killTree, REMOTE_TABLE } from '@dblearn/infra';

/** What the probes know of the platform under attack. */
export interface Target {
  /** The one origin, e.g. http://127.0.0.1:8080. */
  url: string;
  /** Its NATS, when known (the bus probes need it). */
  natsUrl?: string;
  /** Its DATA_DIR, when known (the file-mode probe needs it). */
  dataDir?: string;
  /** The TCP port its database would have listened on (DB_PORT), when known: nothing may answer there. */
  dbPort?: number;
  /** An admin account, when known (the lab probes build a course with a check). */
  admin?: { email: string; password: string };
  /** The process id of a service (its folder, e.g. svc-content), when this suite started the platform. */
  servicePid?(folder: string): Promise<number | null>;
  stop(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The probes only ever attack this machine. */
function requireLoopback(name: string, value: string): string {
  const url = new URL(value);
  if (!LOOPBACK_HOSTS.has(url.hostname)) throw new Error(`${name} must point at this machine (127.0.0.1, localhost or ::1), not ${url.hostname}.`);
  return value.replace(/\/+$/, '');
}

const repoRoot = resolve(import.meta.dirname, '..', '..', '..');
const READY = /DBLearn is ready at http:\/\/localhost:(\d+)/;

/**
 * SECURITY_URL (with SECURITY_NATS_URL and SECURITY_DATA_DIR when known): a platform someone runs.
 * Otherwise the launcher starts one, as `npm start` does, on free ports and a fresh DATA_DIR.
 */
export async function targetPlatform(): Promise<Target> {
  const env = process.env;
  if (env.SECURITY_URL) {
    return {
      url: requireLoopback('SECURITY_URL', env.SECURITY_URL),
      ...(env.SECURITY_NATS_URL ? { natsUrl: requireLoopback('SECURITY_NATS_URL', env.SECURITY_NATS_URL) } : {}),
      ...(env.SECURITY_DATA_DIR ? { dataDir: env.SECURITY_DATA_DIR } : {}),
      ...(env.SECURITY_DB_PORT ? { dbPort: Number(env.SECURITY_DB_PORT) } : {}),
      ...(env.SECURITY_ADMIN_EMAIL && env.SECURITY_ADMIN_PASSWORD ? { admin: { email: env.SECURITY_ADMIN_EMAIL, password: env.SECURITY_ADMIN_PASSWORD } } : {}),
      stop: async () => undefined,
    };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'dblearn-security-'));
  const [webPort, gatewayPort, dbPort, natsPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  // The remotes' own ports too: their defaults (8081…) may belong to a platform someone is running.
  // Their manifests point at a closed port: the probes attack the shell, the gateway and the bus.
  const closed = 'http://127.0.0.1:9/mf-manifest.json';
  const remotes: Record<string, string> = {};
  for (const remote of REMOTE_TABLE) {
    remotes[remote.portVariable] = String(await freePort());
    remotes[remote.urlVariable] = closed;
  }
  const admin = { email: 'probe-admin@probe.dblearn.test', password: 'probe-admin-password-1' };
  // The launcher runs from libs/infra/dist: build it as `npm start` would (a no-op when up to date), or a
  // checkout pulled since its last build starts yesterday's launcher.
  await buildProject(join(repoRoot, 'libs', 'infra'), repoRoot);
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'libs', 'infra', 'dist', 'cli.js'), 'start'], {
    cwd: repoRoot,
    env: {
      PATH: env.PATH,
      HOME: env.HOME,
      DATA_DIR: dataDir,
      WEB_PORT: String(webPort),
      GATEWAY_PORT: String(gatewayPort),
      DB_PORT: String(dbPort),
      NATS_PORT: String(natsPort),
      ...remotes,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolveStart, rejectStart) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (READY.test(output)) resolveStart();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => rejectStart(new Error(`the launcher exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
  return {
    url: `http://127.0.0.1:${webPort}`,
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    dataDir,
    dbPort,
    admin,
    servicePid: (folder) => descendantRunning(child.pid ?? -1, `${folder}/dist/main.js`),
    stop: async () => {
      // Ctrl-C, as a person stops it; a launcher that has not stopped its services 30 s later is
      // killed with them (a stop that never returned held the suite until CI's limit, issue 30).
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolveStop) => child.once('exit', () => resolveStop()));
        child.kill('SIGINT');
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolveLate) => (timer = setTimeout(() => resolveLate('late'), 30_000)));
        if ((await Promise.race([exited, late])) === 'late' && child.pid !== undefined) await killTree(child.pid);
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The process below `ancestor` whose command line names `entry` (Linux /proc), or null. */
async function descendantRunning(ancestor: number, entry: string): Promise<number | null> {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const name of await readdir('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      // The parent is the 2nd field after the command's closing parenthesis.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      parents.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      commands.set(pid, (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' '));
    } catch {
      // It ended while we looked.
    }
  }
  for (const [pid, command] of commands) {
    if (!command.includes(entry)) continue;
    for (let up = parents.get(pid); up !== undefined && up > 1; up = parents.get(up)) if (up === ancestor) return pid;
  }
  return null;
}
