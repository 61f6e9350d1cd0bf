import { describe, expect, it } from '@jest/globals';
import { formatTable, targetVerdict, type BenchRow } from './table.js';

const me: BenchRow = { call: 'GET /api/users/me', requestsPerSecond: 2514.36, p50Ms: 6, p99Ms: 17.25, total: 25144, errors: 0, non2xx: 0 };
const health: BenchRow = { call: 'GET /api/health', requestsPerSecond: 1820, p50Ms: 9, p99Ms: 30, total: 18200, errors: 0, non2xx: 12 };

describe('formatTable', () => {
  it('lines up one row per call with req/s, p50, p99, errors and non-2xx', () => {
    expect(formatTable([me, health]).split('\n')).toEqual([
      'call               req/s (mean)  p50 ms  p99 ms  requests  errors  non-2xx',
      '-----------------  ------------  ------  ------  --------  ------  -------',
      'GET /api/users/me          2514     6.0    17.3     25144       0        0',
      'GET /api/health            1820     9.0    30.0     18200       0       12',
    ]);
  });
});

describe('targetVerdict', () => {
  it('says whether /users/me met ≥ 1000 req/s with p99 < 50 ms and no errors', () => {
    expect(targetVerdict([me])).toMatch(/: met$/);
    expect(targetVerdict([{ ...me, requestsPerSecond: 900 }])).toMatch(/NOT met$/);
    expect(targetVerdict([{ ...me, p99Ms: 50 }])).toMatch(/NOT met$/);
    expect(targetVerdict([{ ...me, non2xx: 1 }])).toMatch(/NOT met$/);
    expect(targetVerdict([health])).toBeUndefined();
  });
});
