import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ProcessStartError, type ProcessSpec } from './child.js';
import { freePort, LOOPBACK } from './ports.js';
import { Supervisor } from './supervisor.js';

/**
 * A tiny server: listens on PORT, appends "<name> stopped" to LOG on SIGTERM, and crashes with
 * exit code 3 on SIGUSR2 (how the tests make it "die unexpectedly", with no timing involved).
 */
const SERVER = `
const fs = require('node:fs');
const { NAME, PORT, LOG } = process.env;
const server = require('node:net').createServer().listen(Number(PORT), '127.0.0.1', () => console.log(NAME + ' listening'));
process.on('SIGTERM', () => { fs.appendFileSync(LOG, NAME + ' stopped\\n'); server.close(() => process.exit(0)); });
process.on('SIGUSR2', () => { console.error('boom'); process.exit(3); });
`;

let dir: string;
let lines: string[];
let reports: string[];
let supervisor: Supervisor;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'dblearn-supervisor-'));
  lines = [];
  reports = [];
  supervisor = new Supervisor({
    printLine: (line) => lines.push(line),
    report: (message) => reports.push(message),
    restart: { initialMs: 50, maxMs: 200, stableAfterMs: 60_000 },
  });
});
afterEach(async () => {
  await supervisor.stopAll();
  await rm(dir, { recursive: true, force: true });
});

async function serverSpec(name: string): Promise<ProcessSpec> {
  const port = await freePort();
  return {
    name,
    command: process.execPath,
    args: ['-e', SERVER],
    env: { ...process.env, NAME: name, PORT: String(port), LOG: join(dir, 'log') },
    ready: { kind: 'tcp', host: LOOPBACK, port },
    readyTimeoutMs: 10_000,
    stopTimeoutMs: 5_000,
  };
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('Supervisor', () => {
  it('prefixes each output line with the process name', async () => {
    await supervisor.start(await serverSpec('database'));
    await until(() => lines.length > 0);
    expect(lines[0]).toMatch(/^database\s+\| database listening$/);
    expect(reports[0]).toMatch(/^database is up \(\d+ ms\)$/);
  });

  it('stops in reverse start order, each with SIGTERM', async () => {
    for (const name of ['database', 'messaging', 'gateway']) await supervisor.start(await serverSpec(name));
    expect(supervisor.pids().map((p) => p.name)).toEqual(['database', 'messaging', 'gateway']);
    await supervisor.stopAll();
    expect(await readFile(join(dir, 'log'), 'utf8')).toBe('gateway stopped\nmessaging stopped\ndatabase stopped\n');
    expect(reports.slice(-3)).toEqual([expect.stringMatching(/^gateway stopped \(clean/), expect.stringMatching(/^messaging stopped/), expect.stringMatching(/^database stopped/)]);
    expect(supervisor.pids()).toEqual([]);
  });

  it('reports a crash and restarts the process', async () => {
    await supervisor.start(await serverSpec('svc-users'));
    const firstPid = supervisor.pids()[0]!.pid;
    process.kill(firstPid, 'SIGUSR2');
    await until(() => reports.includes('svc-users is back up'));
    expect(reports).toContainEqual(expect.stringMatching(/^svc-users exited unexpectedly \(exit code 3\) after \d+(\.\d)? m?s; restart 1 in 50 ms$/));
    expect(supervisor.pids()[0]?.pid).not.toBe(firstPid);
    // "Back up" follows its port answering; the line it printed then may still be in the pipe.
    await until(() => lines.filter((line) => line.endsWith('svc-users listening')).length >= 2);
    expect(lines.filter((line) => line.endsWith('svc-users listening'))).toHaveLength(2);
  });

  it('fails a start with the reason and the last output when the process dies before it is ready', async () => {
    const spec: ProcessSpec = { name: 'broken', command: process.execPath, args: ['-e', 'console.error("cannot open data dir"); process.exit(2)'], ready: { kind: 'tcp', host: LOOPBACK, port: await freePort() } };
    const failure = supervisor.start(spec);
    await expect(failure).rejects.toBeInstanceOf(ProcessStartError);
    await expect(failure).rejects.toThrow(/broken did not start: exit code 2\nIts last output:\n {2}cannot open data dir/);
  });

  it('fails a start when the command does not exist', async () => {
    await expect(supervisor.start({ name: 'ghost', command: join(dir, 'no-such-binary'), args: [], ready: { kind: 'tcp', host: LOOPBACK, port: 1 } })).rejects.toThrow(
      /ghost did not start: could not start: spawn .*ENOENT/,
    );
  });

  it('kills and restarts a process that fails its liveness check, and leaves a live one alone', async () => {
    let answering = true;
    let checks = 0;
    const spec = await serverSpec('ferretdb');
    await supervisor.start({ ...spec, liveness: { what: 'a database answers no read', everyMs: 20, failures: 3, check: async () => (checks++, answering) } });
    const [first] = supervisor.pids();
    await until(() => checks >= 5);
    expect(supervisor.pids()).toEqual([first]);

    answering = false;
    await until(() => reports.includes('ferretdb: a database answers no read (3 checks 20 ms apart); killing it to restart it'), 60_000);
    // Answering again before the restart ends: the new process must not fail the check in turn.
    answering = true;
    // A FerretDB killed and started again: seconds on a busy box (it took 8.7 s at load 16).
    await until(() => reports.some((line) => line.endsWith('is back up')), 60_000);
    await until(() => supervisor.pids().length === 1, 60_000);
    expect(supervisor.pids()[0]!.pid).not.toBe(first!.pid);
  }, 90_000);
});
