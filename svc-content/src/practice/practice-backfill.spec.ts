import { describe, expect, it } from '@jest/globals';
import { bitsFromPasses, countsFromBits } from './practice-backfill.js';
import { PASSED, SHOWN, TRIED } from './practice-status.js';

describe('the practice backfill from check_passes', () => {
  it('reads a learner’s passes, failures and revealed solutions across their projects', () => {
    const learners = bitsFromPasses([
      { _id: 'u1:p1', passed: ['a'], failures: { a: 2, b: 1, c: 0 }, solutionShown: ['a'] },
      { _id: 'u1:p2', passed: ['d'] },
      { _id: 'u2:p1', failures: { b: 3 }, solutionShown: ['b'] },
    ]);
    expect(learners.get('u1')).toEqual({ a: TRIED | PASSED | SHOWN, b: TRIED, d: TRIED | PASSED });
    expect(learners.get('u2')).toEqual({ b: TRIED | SHOWN });
    expect(countsFromBits(learners.values())).toEqual(
      new Map([
        ['a', { tried: 1, passed: 1 }],
        ['b', { tried: 2, passed: 0 }],
        ['d', { tried: 1, passed: 1 }],
      ]),
    );
  });
});
