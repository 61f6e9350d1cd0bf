import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, readdir, readFile, readlink, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ferretDbSocketPath,
  findRepoRoot,
  type MongoServerBinary,
  mongoServerSpec,
  mongoUrlFor,
  prepareMongoDataDir,
  requireMongoServer,
  Supervisor,
} from '@dblearn/infra';
import mongoose from 'mongoose';
import { eventually } from '../src/eventually.js';

/** Inodes of the TCP sockets in LISTEN state on this machine (Linux /proc). */
async function listeningTcpInodes(): Promise<Set<string>> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = (await readFile(table, 'utf8').catch(() => '')).split('\n').slice(1);
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      // st 0A is LISTEN; the inode is the tenth field.
      if (fields[3] === '0A' && fields[9]) inodes.add(fields[9]);
    }
  }
  return inodes;
}

/** How many TCP listeners a process holds. */
async function tcpListenersOf(pid: number): Promise<number> {
  const listening = await listeningTcpInodes();
  let count = 0;
  for (const fd of await readdir(`/proc/${pid}/fd`)) {
    const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
    const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
    if (inode && listening.has(inode)) count += 1;
  }
  return count;
}

async function readWrite(url: string): Promise<unknown> {
  const db = await mongoose.createConnection(url, { dbName: 'dblearn_users', serverSelectionTimeoutMS: 5_000 }).asPromise();
  try {
    await db.collection('users').updateOne({ _id: 'probe' as never }, { $set: { seen: true } }, { upsert: true });
    return await db.collection('users').findOne({ _id: 'probe' as never });
  } finally {
    await db.close();
  }
}

/**
 * Issue 17, finding 7: FerretDB checks no credentials, so the launcher's one listens only on a Unix
 * socket inside the owner-only DATA_DIR, never on TCP, where any local process could read every
 * password hash. Run exactly as the launcher runs it (same spec, same supervisor).
 */
describe('the launcher’s FerretDB', () => {
  let dataDir: string;
  let server: MongoServerBinary;
  const reports: string[] = [];
  const supervisor = new Supervisor({ printLine: () => undefined, report: (line) => reports.push(line) });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dblearn-socket-'));
    await chmod(dataDir, 0o700);
    server = await requireMongoServer(findRepoRoot());
  });
  afterAll(async () => {
    await supervisor.stopAll();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds TCP listeners through /proc (the check below means something)', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    try {
      expect(await tcpListenersOf(process.pid)).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => probe.close(resolve));
    }
  });

  it('listens on its owner-only socket alone, starts over a socket a killed server left, and comes back after a crash', async () => {
    if (server.kind !== 'ferretdb') return console.warn('mongod on PATH: the launcher keeps it on its loopback port');
    const socket = ferretDbSocketPath(dataDir);
    // What a SIGKILLed FerretDB leaves behind: a file at the socket's path.
    await writeFile(socket, '');
    await prepareMongoDataDir(server, dataDir);
    await supervisor.start(mongoServerSpec(server, dataDir, { socket }));

    expect((await stat(socket)).mode & 0o777).toBe(0o600);
    expect(await readWrite(mongoUrlFor({ socket }))).toEqual({ _id: 'probe', seen: true });
    const [ferret] = supervisor.pids();
    expect(await tcpListenersOf(ferret!.pid)).toBe(0);

    process.kill(ferret!.pid, 'SIGKILL');
    // "Back up" is reported once the restart's socket is made the owner's alone (afterReady); a client
    // can reach the new socket a moment before that, but only from inside the owner-only DATA_DIR.
    await eventually(async () => reports.some((line) => line.endsWith('is back up')), 20_000, 'the supervisor restarts FerretDB');
    expect(supervisor.pids().some((entry) => entry.pid !== ferret!.pid)).toBe(true);
    await eventually(async () => (await readWrite(mongoUrlFor({ socket })).catch(() => null)) !== null, 20_000, 'the restarted FerretDB answers on its socket');
    expect((await stat(socket)).mode & 0o777).toBe(0o600);
  }, 60_000);
});
