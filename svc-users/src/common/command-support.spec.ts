import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { commandNatsUrl } from './command-support.js';

describe('commandNatsUrl', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'svc-users-command-'));
    const users = [
      { user: 'gateway', password: 'gw-secret' },
      { user: 'svc-users', password: 'p@ss/word' },
    ];
    await writeFile(join(dataDir, 'nats-auth.conf'), JSON.stringify({ authorization: { users } }));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("adds svc-users' credentials from the launcher's file, encoded", async () => {
    expect(await commandNatsUrl('nats://127.0.0.1:4222', { DATA_DIR: dataDir })).toBe('nats://svc-users:p%40ss%2Fword@127.0.0.1:4222');
  });

  it('keeps a URL that already carries credentials', async () => {
    expect(await commandNatsUrl('nats://someone:else@127.0.0.1:4222', { DATA_DIR: dataDir })).toBe('nats://someone:else@127.0.0.1:4222');
  });

  it('keeps the URL as it is when there is no such file', async () => {
    expect(await commandNatsUrl('nats://127.0.0.1:4222', { DATA_DIR: join(dataDir, 'missing') })).toBe('nats://127.0.0.1:4222');
  });
});
