import { describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv, restrictToOwner } from './child-env.js';

describe('childEnv', () => {
  it('hands a child the base variables and its own, and nothing meant for another', () => {
    const ours = { PATH: '/bin', HOST: '0.0.0.0', JWT_SECRET: 'secret', PASSWORD_HASH_COST: '1024', LOG_LEVEL: 'warn' };
    expect(childEnv(ours, ['PASSWORD_HASH_COST'], { NATS_URL: 'nats://x' })).toEqual({
      PATH: '/bin',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '1024',
      NATS_URL: 'nats://x',
    });
    expect(childEnv(ours, ['HOST'])).toMatchObject({ HOST: '0.0.0.0' });
    expect(childEnv(ours, ['HOST'])).not.toHaveProperty('JWT_SECRET');
  });
});

describe('restrictToOwner', () => {
  it('makes a data folder made with a loose umask readable by its owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'dblearn-perm-'));
    try {
      await mkdir(join(dir, 'ferretdb'), { mode: 0o755 });
      await writeFile(join(dir, 'ferretdb', 'users.sqlite'), 'x', { mode: 0o644 });
      await restrictToOwner(dir);
      expect((await stat(dir)).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'ferretdb'))).mode & 0o777).toBe(0o700);
      expect((await stat(join(dir, 'ferretdb', 'users.sqlite'))).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
