import { ConfigError } from '@dblearn/nest-common';
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_PASSWORD_HASH_COST, DEFAULT_PROFILE_CACHE_TTL_MS, readUsersConfig } from './users-config.js';

describe('readUsersConfig', () => {
  it('needs nothing but has sound defaults', () => {
    expect(readUsersConfig({})).toMatchObject({
      service: 'users',
      mongoDb: 'dblearn_users',
      passwordHashCost: DEFAULT_PASSWORD_HASH_COST,
      profileCacheTtlMs: DEFAULT_PROFILE_CACHE_TTL_MS,
      admin: null,
    });
  });

  it('turns the profile cache off with PROFILE_CACHE_TTL_MS=0 and refuses nonsense', () => {
    expect(readUsersConfig({ PROFILE_CACHE_TTL_MS: '0' }).profileCacheTtlMs).toBe(0);
    expect(readUsersConfig({ PROFILE_CACHE_TTL_MS: '5000' }).profileCacheTtlMs).toBe(5000);
    expect(() => readUsersConfig({ PROFILE_CACHE_TTL_MS: '-1' })).toThrow(ConfigError);
  });

  it('reads the admin credentials and a lower hash cost for tests', () => {
    expect(readUsersConfig({ ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'change-me', PASSWORD_HASH_COST: '1024' })).toMatchObject({
      passwordHashCost: 1024,
      admin: { email: 'Root@Example.com', password: 'change-me' },
    });
  });

  it.each(['1000', '1', String(2 ** 21)])('refuses PASSWORD_HASH_COST=%s', (cost) => {
    expect(() => readUsersConfig({ PASSWORD_HASH_COST: cost })).toThrow(/PASSWORD_HASH_COST must be a power of two/);
  });

  it('refuses half of the admin credentials', () => {
    expect(() => readUsersConfig({ ADMIN_EMAIL: 'root@example.com' })).toThrow(ConfigError);
    expect(() => readUsersConfig({ ADMIN_PASSWORD: 'change-me' })).toThrow(/both ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('holds the admin to the same rules as anyone who registers, without echoing the password', () => {
    let message = '';
    try {
      readUsersConfig({ ADMIN_EMAIL: 'not-an-address', ADMIN_PASSWORD: 'abc' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('E-mail must be a valid e-mail address.');
    expect(message).toContain('Password must be 5 to 255 characters long.');
    expect(message).not.toContain('abc');
  });
});
