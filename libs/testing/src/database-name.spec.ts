import { describe, expect, it } from '@jest/globals';
import { uniqueDatabaseName } from './database-name.js';

describe('uniqueDatabaseName', () => {
  it('starts with the prefix and differs on every call', () => {
    const names = Array.from({ length: 200 }, () => uniqueDatabaseName('svc_users'));
    expect(new Set(names).size).toBe(200);
    for (const name of names) expect(name).toMatch(/^svc_users_[a-z0-9]+_[0-9a-f]{8}$/);
  });

  it('keeps to the characters and length every MongoDB-protocol server accepts', () => {
    for (const prefix of ['gateway e2e/users.$x', 'a'.repeat(100), '...', '']) {
      const name = uniqueDatabaseName(prefix);
      expect(name).toMatch(/^[a-zA-Z0-9_-]{1,63}$/);
    }
    expect(uniqueDatabaseName('gateway e2e/users')).toMatch(/^gateway_e2e_users_/);
    expect(uniqueDatabaseName('...')).toMatch(/^test_/);
  });
});
