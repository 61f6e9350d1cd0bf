import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
import { listensOnLoopbackOnly, LOOPBACK_PRELOAD, PeerProcesses } from './server.js';

const execFileAsync = promisify(execFile);
const scratch = mkdtempSync(join(tmpdir(), 'peer-server-spec-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('LOOPBACK_PRELOAD', () => {
  it('binds a server that listens on a port alone (as SQL4U does) to 127.0.0.1', async () => {
    const preload = join(scratch, 'loopback.cjs');
    writeFileSync(preload, LOOPBACK_PRELOAD);
    // app.listen(port), a numeric string, and an options object without host: each as SQL4U or Express might call it.
    const script = `
      const http = require('node:http');
      const bound = (listen) => new Promise((resolve) => { const server = http.createServer(); listen(server, () => { resolve(server.address().address); server.close(); }); });
      (async () => {
        const addresses = [
          await bound((server, done) => server.listen(0, done)),
          await bound((server, done) => server.listen('0', done)),
          await bound((server, done) => server.listen({ port: 0 }, done)),
          await bound((server, done) => server.listen(0, '127.0.0.2', done)),
        ];
        console.log(JSON.stringify(addresses));
      })();`;
    const { stdout } = await execFileAsync(process.execPath, ['--require', preload, '-e', script]);
    expect(JSON.parse(stdout)).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.2']);
  });
});

describe('PeerProcesses', () => {
  const sleeper = { name: 'sleeper', command: 'sleep', args: ['60'] };

  it('stops every process it spawned and removes its scratch folders', async () => {
    const processes = new PeerProcesses();
    const [first, second] = [processes.spawn(sleeper), processes.spawn({ ...sleeper, name: 'second' })];
    const folder = mkdtempSync(join(scratch, 'data-'));
    processes.scratch(folder);
    expect([first.pid, second.pid].every((pid) => pid !== undefined && isRunning(pid))).toBe(true);
    await processes.stopAll();
    expect(first.exitInfo?.signal).toBe('SIGTERM');
    expect(second.exitInfo?.signal).toBe('SIGTERM');
    expect(existsSync(folder)).toBe(false);
    await processes.stopAll();
  });

  it('kills what is left at once when our own process exits first', async () => {
    const processes = new PeerProcesses();
    const handle = processes.spawn(sleeper);
    const folder = mkdtempSync(join(scratch, 'data-'));
    processes.scratch(folder);
    processes.killNow();
    expect((await handle.exited).signal).toBe('SIGKILL');
    expect(existsSync(folder)).toBe(false);
  });
});

describe('listensOnLoopbackOnly', () => {
  const header = '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode';
  const table = (...lines: string[]) => async (path: string) => (path.endsWith('tcp') ? [header, ...lines].join('\n') : header);

  it('is true when every listening socket on the port is bound to 127.0.0.1', async () => {
    // Port 3900 is 0F3C; state 0A is LISTEN, 01 an established connection.
    expect(await listensOnLoopbackOnly(3900, table('   0: 0100007F:0F3C 00000000:0000 0A 00000000:00000000 00:00000000 00000000  0 0 1'))).toBe(true);
    expect(await listensOnLoopbackOnly(3900, table('   0: 0100007F:0F3C 00000000:0000 0A 0:0 0:0 0 0 0 1', '   1: 0A00000A:0F3C 0100007F:1F90 01 0:0 0:0 0 0 0 2'))).toBe(true);
  });

  it('is false when the port is bound to every interface or another address', async () => {
    expect(await listensOnLoopbackOnly(3900, table('   0: 00000000:0F3C 00000000:0000 0A 0:0 0:0 0 0 0 1'))).toBe(false);
    expect(await listensOnLoopbackOnly(3900, table('   0: 0100007F:0F3C 00000000:0000 0A 0:0 0:0 0 0 0 1', '   1: 0A00000A:0F3C 00000000:0000 0A 0:0 0:0 0 0 0 2'))).toBe(false);
  });

  it('is undefined when nothing listens there or there is no /proc to ask', async () => {
    expect(await listensOnLoopbackOnly(3901, table('   0: 0100007F:0F3C 00000000:0000 0A 0:0 0:0 0 0 0 1'))).toBeUndefined();
    expect(await listensOnLoopbackOnly(3900, () => Promise.reject(new Error('ENOENT')))).toBeUndefined();
  });
});
