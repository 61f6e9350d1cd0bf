import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  findRepoRoot,
  freePort,
  LOOPBACK,
  mongoServerSpec,
  mongoUrlFor,
  prepareMongoDataDir,
  spawnProcess,
  toolsBinDir,
  type ChildProcessHandle,
  type ProcessSpec,
} from '@dblearn/infra';
import mongoose from 'mongoose';
import { DUMP_COLLECTIONS, type PeerSource } from './source.js';

const execFileAsync = promisify(execFile);

export class PeerServerError extends Error {}

/** Where the peer's back end is unpacked and installed, once per commit of its source. */
export function peerCacheDir(commit: string, env: NodeJS.ProcessEnv): string {
  return join(env.SQL4U_CACHE ?? join(tmpdir(), 'dblearn-sql4u-peer'), commit.slice(0, 12));
}

/**
 * Loaded with `node --require` before the peer's own code: SQL4U calls `app.listen(port)`, which
 * binds every interface, so each listen without a host gets the loopback address instead.
 */
export const LOOPBACK_PRELOAD = `'use strict';
const net = require('node:net');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const first = args[0];
  if (typeof first === 'number' || (typeof first === 'string' && /^\\d+$/.test(first))) {
    if (typeof args[1] !== 'string') args.splice(1, 0, '${LOOPBACK}');
  } else if (first && typeof first === 'object' && first.path === undefined && first.host === undefined) {
    args[0] = { ...first, host: '${LOOPBACK}' };
  }
  return listen.apply(this, args);
};
`;

/** Our environment without what `npm run` adds (npm_config_workspace would send the peer's npm install elsewhere). */
function cleanEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'));
}

/**
 * Unpacks the peer's back end and installs its packages into the cache, unless a finished install of
 * this commit is there. bcrypt is swapped for bcryptjs (same API, pure JavaScript): bcrypt's native
 * prebuilds cannot be downloaded here. Install scripts are not run: nothing the peer needs has one.
 */
async function installPeer(source: PeerSource, env: NodeJS.ProcessEnv, signal: AbortSignal, say: (line: string) => void): Promise<string> {
  const cacheDir = peerCacheDir(source.commit, env);
  const backendDir = join(cacheDir, 'backend');
  if (existsSync(join(backendDir, 'node_modules', 'express'))) {
    say(`SQL4U ${source.commit.slice(0, 12)}: installed in ${cacheDir}`);
    return backendDir;
  }
  await mkdir(join(cacheDir, '..'), { recursive: true });
  const partial = await mkdtemp(`${cacheDir}.partial-`);
  try {
    say(`SQL4U ${source.commit.slice(0, 12)}: unpacking its back end and running npm install into ${cacheDir} (once)`);
    const archive = join(partial, 'backend.tar');
    await writeFile(archive, await source.backendArchive());
    await execFileAsync('tar', ['-xf', archive, '-C', partial], { signal });
    await rm(archive);
    const npm = { cwd: join(partial, 'backend'), env: cleanEnv(env), signal, maxBuffer: 16 * 1024 * 1024 };
    await execFileAsync('npm', ['pkg', 'set', 'dependencies.bcrypt=npm:bcryptjs@^2.4.3'], npm);
    await execFileAsync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev'], npm);
    await rm(cacheDir, { recursive: true, force: true });
    await rename(partial, cacheDir);
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    if (signal.aborted) throw error;
    const output = String((error as { stderr?: unknown }).stderr ?? '').trim().split('\n').slice(-5).join('\n  ');
    throw new PeerServerError(`Installing SQL4U's back end failed: ${(error as Error).message.split('\n')[0]}${output ? `\n  ${output}` : ''}`);
  }
  return backendDir;
}

/**
 * True when every listening socket on `port` is bound to 127.0.0.1, from /proc/net/tcp{,6}
 * (undefined where there is no /proc to ask).
 */
export async function listensOnLoopbackOnly(port: number, readTable: (path: string) => Promise<string> = (path) => readFile(path, 'utf8')): Promise<boolean | undefined> {
  const portHex = port.toString(16).toUpperCase().padStart(4, '0');
  const addresses: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = await readTable(table);
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      const [address, localPort] = local?.split(':') ?? [];
      // State 0A is LISTEN.
      if (state === '0A' && localPort === portHex && address) addresses.push(address);
    }
  }
  if (addresses.length === 0) return undefined;
  return addresses.every((address) => address === '0100007F');
}

/**
 * Everything the peer run started: its processes (each in its own process group, so a Ctrl-C in the
 * terminal reaches only us and we stop them in order) and its scratch folders. A process joins as
 * soon as it is spawned, before it is ready, so a stop during a start finds it too.
 */
export class PeerProcesses {
  private readonly handles: ChildProcessHandle[] = [];
  private readonly folders: string[] = [];

  spawn(spec: ProcessSpec): ChildProcessHandle {
    const handle = spawnProcess(spec, { detached: true });
    this.handles.push(handle);
    return handle;
  }

  scratch(folder: string): void {
    this.folders.push(folder);
  }

  /** Stops the processes, last started first, then removes the scratch folders. Safe to call twice. */
  async stopAll(): Promise<void> {
    for (const handle of this.handles.splice(0).reverse()) await handle.stop();
    for (const folder of this.folders.splice(0)) await rm(folder, { recursive: true, force: true });
  }

  /** Synchronous last resort when our own process exits before stopAll() finished. */
  killNow(): void {
    for (const handle of this.handles) handle.killNow();
    for (const folder of this.folders) rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Starts the peer's own FerretDB (the project's .tools/bin build, on a fresh folder under the OS temp
 * dir), restores the content collections of its dump there as its README's mongorestore does, then
 * starts the peer on a free loopback port. Returns the peer's origin; `processes` holds what runs.
 */
export async function startPeer(source: PeerSource, env: NodeJS.ProcessEnv, processes: PeerProcesses, signal: AbortSignal, say: (line: string) => void): Promise<URL> {
  const ferretdb = join(toolsBinDir(findRepoRoot(), env), 'ferretdb');
  if (!existsSync(ferretdb)) throw new PeerServerError(`No FerretDB at ${ferretdb}: run \`npm run tools\` first (the peer runs on the project's own FerretDB build).`);
  const backendDir = await installPeer(source, env, signal, say);
  const dataDir = await mkdtemp(join(tmpdir(), 'dblearn-sql4u-db-'));
  processes.scratch(dataDir);
  const server = { kind: 'ferretdb', path: ferretdb } as const;
  await prepareMongoDataDir(server, dataDir);
  const databasePort = await freePort();
  // The platform's own FerretDB flags: SQLite backend, loopback only, no telemetry.
  await processes.spawn({ ...mongoServerSpec(server, dataDir, databasePort, cleanEnv(env)), name: 'sql4u-ferretdb' }).waitReady();
  const mongoUrl = mongoUrlFor(databasePort);
  await restoreDump(source, mongoUrl, say);
  const port = await freePort();
  const preload = join(backendDir, '..', 'loopback.cjs');
  await writeFile(preload, LOOPBACK_PRELOAD);
  const url = new URL(`http://${LOOPBACK}:${port}`);
  say(`starting SQL4U on ${url.origin} (its database: FerretDB on ${mongoUrl})`);
  await processes
    .spawn({
      name: 'sql4u',
      command: process.execPath,
      args: ['--require', preload, 'index.js'],
      cwd: backendDir,
      env: {
        PATH: env.PATH,
        HOME: env.HOME,
        NODE_ENV: 'development',
        SUPPRESS_NO_CONFIG_WARNING: '1',
        PORT: String(port),
        sql4u_db: `${mongoUrl}/sql4u`,
        sql4u_jwtPrivateKey: randomBytes(24).toString('base64url'),
      },
      ready: { kind: 'http', url: `${url.origin}/` },
      readyTimeoutMs: 60_000,
    })
    .waitReady();
  if ((await listensOnLoopbackOnly(port)) === false) throw new PeerServerError(`SQL4U listens on more than ${LOOPBACK}:${port}; it is stopped.`);
  return url;
}

/** The content collections of the dump into the peer's database `sql4u` (never its users). */
async function restoreDump(source: PeerSource, mongoUrl: string, say: (line: string) => void): Promise<void> {
  const connection = await mongoose.createConnection(mongoUrl, { dbName: 'sql4u' }).asPromise();
  try {
    const counts: string[] = [];
    for (const name of DUMP_COLLECTIONS) {
      const documents = await source.dump(name);
      if (documents.length) await connection.collection(name).insertMany(documents);
      counts.push(`${documents.length} ${name}`);
    }
    say(`SQL4U's dump restored: ${counts.join(', ')}`);
  } finally {
    await connection.close();
  }
}
