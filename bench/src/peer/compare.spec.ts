import { describe, expect, it } from '@jest/globals';
import type { BenchRow } from '../table.js';
import { comparisonVerdicts, formatComparison, ratio, type PeerComparison } from './compare.js';

const row = (requestsPerSecond: number, p99Ms: number, failures: Partial<BenchRow> = {}): BenchRow => ({ call: 'x', requestsPerSecond, p50Ms: 1, p99Ms, total: 1000, errors: 0, non2xx: 0, ...failures });

const courses: PeerComparison = { read: 'course list', peer: row(84.4, 310), dblearn: row(905.2, 38.25) };
const project: PeerComparison = { read: 'project by id (Project #1 - SQL)', peer: row(300, 90), dblearn: row(240, 61) };

describe('ratio', () => {
  it("is DBLearn's rate over the peer's, and undefined when the peer answered nothing", () => {
    expect(ratio(courses)).toBeCloseTo(10.725, 3);
    expect(ratio(project)).toBeCloseTo(0.8);
    expect(ratio({ ...courses, peer: row(0, 0) })).toBeUndefined();
  });
});

describe('formatComparison', () => {
  it('gives each read its rate and p99 on both sides and the ratio, as a Markdown table', () => {
    expect(formatComparison([courses, project]).split('\n')).toEqual([
      '| read                             | SQL4U req/s | SQL4U p99 ms | DBLearn req/s | DBLearn p99 ms |  ratio | notes |',
      '|----------------------------------|------------:|-------------:|--------------:|---------------:|-------:|-------|',
      '| course list                      |          84 |        310.0 |           905 |           38.3 | 10.73× |       |',
      '| project by id (Project #1 - SQL) |         300 |         90.0 |           240 |           61.0 |  0.80× |       |',
    ]);
  });

  it('names failed requests on either side, and shows no ratio without a peer rate', () => {
    const broken = { read: 'Q&A list', peer: row(0, 0, { errors: 20 }), dblearn: row(500, 20, { non2xx: 3 }) };
    expect(formatComparison([broken]).split('\n')[2]).toBe('| Q&A list |           0 |          0.0 |           500 |           20.0 |     – | SQL4U 20 errors; DBLearn 3 non-2xx |');
  });
});

describe('comparisonVerdicts', () => {
  it("judges each read against 2× the peer with DBLearn's p99 under 50 ms, then gives the smallest ratio", () => {
    expect(comparisonVerdicts([courses, project, { ...courses, read: 'slow tail', dblearn: row(905, 50) }])).toEqual([
      "course list: target ≥ 2× the peer with DBLearn's p99 < 50 ms: met",
      "project by id (Project #1 - SQL): target ≥ 2× the peer with DBLearn's p99 < 50 ms: NOT met",
      "slow tail: target ≥ 2× the peer with DBLearn's p99 < 50 ms: NOT met",
      'smallest ratio 0.80×',
    ]);
  });

  it('never counts a read with failed requests as met', () => {
    expect(comparisonVerdicts([{ ...courses, dblearn: row(905, 30, { non2xx: 1 }) }])[0]).toMatch(/\(failed requests\): NOT met$/);
  });
});
