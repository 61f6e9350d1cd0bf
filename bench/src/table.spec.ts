import { describe, expect, it } from '@jest/globals';
import { contentVerdicts, edgeShareLines, formatTable, mergeRows, rowLabel, targetVerdict, type BenchRow } from './table.js';

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
  const edge = { ...me, call: rowLabel('GET /api/users/me', 'edge', new URL('http://127.0.0.1:8080')) };
  it('says whether /users/me through the edge met ≥ 2000 req/s with p99 < 40 ms and no errors', () => {
    expect(edge.call).toBe('GET /api/users/me via edge :8080');
    expect(targetVerdict([edge])).toMatch(/: met$/);
    expect(targetVerdict([{ ...edge, requestsPerSecond: 1900 }])).toMatch(/NOT met$/);
    expect(targetVerdict([{ ...edge, p99Ms: 40 }])).toMatch(/NOT met$/);
    expect(targetVerdict([{ ...edge, non2xx: 1 }])).toMatch(/NOT met$/);
    expect(targetVerdict([health, me])).toBeUndefined();
  });
});

describe('edgeShareLines', () => {
  it('gives the edge rate as a share of the gateway rate for each call measured on both', () => {
    const gateway = { ...me, call: 'GET /api/users/me via gateway :3000', requestsPerSecond: 2000 };
    const edge = { ...me, call: 'GET /api/users/me via edge :8080', requestsPerSecond: 1900 };
    expect(edgeShareLines([gateway, edge])).toEqual(["GET /api/users/me: the edge keeps 95 % of the gateway's rate (target ≥ 90 %): met"]);
    expect(edgeShareLines([gateway, { ...edge, requestsPerSecond: 1000 }])[0]).toMatch(/50 %.*NOT met$/);
    expect(edgeShareLines([edge])).toEqual([]);
  });
});

describe('contentVerdicts', () => {
  const row = (call: string, requestsPerSecond: number, p99Ms: number): BenchRow => ({ call, requestsPerSecond, p50Ms: 1, p99Ms, total: 100, errors: 0, non2xx: 0 });

  it('judges each content call through the edge against 1,500 req/s and p99 < 50 ms', () => {
    const edge = new URL('http://127.0.0.1:8080');
    const gateway = new URL('http://127.0.0.1:3000');
    const lines = contentVerdicts([
      row(rowLabel('GET /api/course?page=1&pageSize=6', 'edge', edge), 1600, 30),
      row(rowLabel('GET /api/interview?topic=sql&page=300&pageSize=6', 'edge', edge), 1400, 30),
      row(rowLabel('GET /api/course/{id}', 'gateway', gateway), 100, 300),
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/: met$/);
    expect(lines[1]).toMatch(/NOT met$/);
  });
});

describe('mergeRows', () => {
  it('averages the rate and median of the halves, keeps the worst p99 and sums the counts', () => {
    const merged = mergeRows('GET /api/users/me via edge :8080', [me, { ...me, requestsPerSecond: 1514.36, p50Ms: 8, p99Ms: 30, total: 15000, non2xx: 2 }]);
    expect(merged).toMatchObject({ call: 'GET /api/users/me via edge :8080', p50Ms: 7, p99Ms: 30, total: 40144, errors: 0, non2xx: 2 });
    expect(merged.requestsPerSecond).toBeCloseTo(2014.36);
  });
});
