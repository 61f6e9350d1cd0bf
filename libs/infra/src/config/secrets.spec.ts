import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN_FILE, DEFAULT_ADMIN_EMAIL, JWT_SECRET_FILE, resolveAdminAccount, resolveJwtSecret } from './secrets.js';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'dblearn-secrets-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('resolveJwtSecret', () => {
  it('generates a long secret once, private to its owner, and reuses it', async () => {
    const first = await resolveJwtSecret({}, dataDir);
    expect(first.origin).toBe('created');
    expect(first.secret.length).toBeGreaterThanOrEqual(64);
    expect((await stat(join(dataDir, JWT_SECRET_FILE))).mode & 0o777).toBe(0o600);
    const second = await resolveJwtSecret({}, dataDir);
    expect(second).toEqual({ secret: first.secret, origin: 'file' });
  });

  it('lets JWT_SECRET win and warns when it is short', async () => {
    expect(await resolveJwtSecret({ JWT_SECRET: 'x'.repeat(40) }, dataDir)).toEqual({ secret: 'x'.repeat(40), origin: 'environment' });
    expect((await resolveJwtSecret({ JWT_SECRET: 'short' }, dataDir)).warning).toMatch(/shorter than 32/);
  });

  it('requires JWT_SECRET in production and writes nothing', async () => {
    await expect(resolveJwtSecret({ NODE_ENV: 'production' }, dataDir)).rejects.toThrow('JWT_SECRET is required when NODE_ENV=production');
    await expect(stat(join(dataDir, JWT_SECRET_FILE))).rejects.toThrow();
  });
});

describe('resolveAdminAccount', () => {
  it('generates admin@dblearn.local with a strong password once, then reads it back', async () => {
    const first = await resolveAdminAccount({}, dataDir);
    expect(first).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, origin: 'created', path: join(dataDir, ADMIN_FILE) });
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const second = await resolveAdminAccount({}, dataDir);
    expect(second).toEqual({ ...first, origin: 'file' });
    expect(JSON.parse(await readFile(join(dataDir, ADMIN_FILE), 'utf8'))).toEqual({ email: first.email, password: first.password });
  });

  it('lets ADMIN_EMAIL and ADMIN_PASSWORD win, and wants both', async () => {
    expect(await resolveAdminAccount({ ADMIN_EMAIL: 'boss@x.org', ADMIN_PASSWORD: 'secret-1' }, dataDir)).toEqual({
      email: 'boss@x.org',
      password: 'secret-1',
      origin: 'environment',
    });
    await expect(resolveAdminAccount({ ADMIN_EMAIL: 'boss@x.org' }, dataDir)).rejects.toThrow('Set both ADMIN_EMAIL and ADMIN_PASSWORD');
  });

  it('says how to recover from a damaged admin.json', async () => {
    await writeFile(join(dataDir, ADMIN_FILE), '{"email": 3}');
    await expect(resolveAdminAccount({}, dataDir)).rejects.toThrow(/delete it to generate a new admin/);
  });
});
