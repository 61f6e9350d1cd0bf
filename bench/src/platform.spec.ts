import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { crash, launchedChild, platformDataDir, platformMongoUrl, PlatformStateError } from './platform.js';

describe('the running platform as the launcher recorded it', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function launcherFile(children: Array<{ name: string; pid: number; cmdline: string }>): string {
    dir = mkdtempSync(join(tmpdir(), 'bench-platform-'));
    writeFileSync(join(dir, 'launcher.json'), JSON.stringify({ pid: 1, startedAt: '', children }));
    return dir;
  }

  it('finds the database FerretDB listens on, unless MONGO_URL says otherwise', () => {
    const dataDir = launcherFile([{ name: 'ferretdb', pid: 10, cmdline: '/x/ferretdb\0--handler=sqlite\0--listen-addr=127.0.0.1:25017\0--debug-addr=-' }]);
    expect(platformMongoUrl(dataDir, {}).toString()).toBe('mongodb://127.0.0.1:25017');
    expect(platformMongoUrl(dataDir, { MONGO_URL: 'mongodb://127.0.0.1:27999' }).port).toBe('27999');
  });

  it('finds the socket the launcher’s FerretDB listens on', () => {
    const dataDir = launcherFile([{ name: 'ferretdb', pid: 10, cmdline: '/x/ferretdb\0--listen-addr=\0--listen-unix=/d/.data/ferretdb.sock\0--debug-addr=-' }]);
    expect(platformMongoUrl(dataDir, {}).toString()).toBe('mongodb://%2Fd%2F.data%2Fferretdb.sock');
  });

  it('says how to start the platform when there is none, and which child is missing', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-platform-'));
    expect(() => launchedChild(dir, 'svc-community')).toThrow(/run `npm start` first and set DATA_DIR/);
    const dataDir = launcherFile([{ name: 'gateway', pid: 10, cmdline: 'node' }]);
    expect(() => launchedChild(dataDir, 'svc-community')).toThrow(PlatformStateError);
  });

  it('never signals a pid that no longer runs the recorded command', () => {
    const dataDir = launcherFile([{ name: 'svc-community', pid: process.pid, cmdline: '/usr/bin/node\0something-else.js\0' }]);
    expect(() => crash(launchedChild(dataDir, 'svc-community'))).toThrow(/no longer what the launcher started/);
  });

  it('reads DATA_DIR from where the person typed the command', () => {
    expect(platformDataDir({ INIT_CWD: '/work/repo', DATA_DIR: '/tmp/x' })).toBe('/tmp/x');
    expect(platformDataDir({ INIT_CWD: '/work/repo' })).toBe('/work/repo/.data');
  });
});
