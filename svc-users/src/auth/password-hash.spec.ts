import { describe, expect, it } from '@jest/globals';
import { hashNeedsUpgrade, hashPassword, parseHash, verifyPassword } from '../common/password-hash.js';
import { PasswordHasher } from './password-hasher.js';

// Low cost keeps the suite fast; the format and the checks are the same at any cost.
const COST = 1024;

describe('password hashing (scrypt)', () => {
  it('stores scrypt$N$r$p$salt$hash with a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct horse', COST);
    expect(stored).toMatch(/^scrypt\$1024\$8\$3\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    const parsed = parseHash(stored);
    expect(parsed?.params).toEqual({ N: COST, r: 8, p: 3 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(64);
    expect(stored).not.toContain('correct horse');
  });

  it('salts every hash, so one password never hashes the same twice', async () => {
    expect(await hashPassword('same password', COST)).not.toBe(await hashPassword('same password', COST));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse', COST);
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('Correct horse', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('checks a hash with the parameters it was made with, not today’s', async () => {
    const older = await hashPassword('battery staple', 512);
    expect(await verifyPassword('battery staple', older)).toBe(true);
    expect(hashNeedsUpgrade(older, COST)).toBe(true);
    expect(hashNeedsUpgrade(await hashPassword('battery staple', COST), COST)).toBe(false);
  });

  it.each([
    ['another scheme', 'bcrypt$10$abc'],
    ['too few parts', 'scrypt$1024$8$1$c2FsdA=='],
    ['a cost that is not a power of two', 'scrypt$1000$8$1$c2FsdA==$a2V5'],
    ['an absurd cost', `scrypt$${2 ** 30}$8$1$c2FsdA==$a2V5`],
    ['an empty salt', 'scrypt$1024$8$1$$a2V5'],
  ])('never matches a hash it cannot read (%s)', async (_case, stored) => {
    expect(parseHash(stored)).toBeNull();
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(hashNeedsUpgrade(stored, COST)).toBe(true);
  });
});

describe('PasswordHasher', () => {
  it('hashes at the configured cost and answers a decoy check with false', async () => {
    const hasher = new PasswordHasher({ passwordHashCost: COST, maxConcurrentHashes: 2 });
    await hasher.onModuleInit();
    const stored = await hasher.hash('hunter22');
    expect(parseHash(stored)?.params.N).toBe(COST);
    expect(await hasher.verify('hunter22', stored)).toBe(true);
    expect(hasher.needsUpgrade(stored)).toBe(false);
    expect(await hasher.verifyDecoy('hunter22')).toBe(false);
  });
});
