import { describe, expect, it } from '@jest/globals';
import { ACTIVE_DAYS_KEPT, dayOf, streakOf, withActiveDay } from './streak.js';

const now = new Date('2026-11-29T08:30:00Z');

describe('streak', () => {
  it('counts UTC days in a row ending today, or yesterday before today’s first activity', () => {
    expect(streakOf([], now)).toBe(0);
    expect(streakOf(['2026-11-29'], now)).toBe(1);
    expect(streakOf(['2026-11-27', '2026-11-28'], now)).toBe(2);
    expect(streakOf(['2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'], now)).toBe(4);
    expect(streakOf(['2026-11-25', '2026-11-27', '2026-11-29'], now)).toBe(1);
    expect(streakOf(['2026-11-26', '2026-11-27'], now)).toBe(0);
    expect(streakOf(['2026-02-28', '2026-03-01'], new Date('2026-03-01T23:59:59Z'))).toBe(2);
  });

  it('keeps each day once, in order, however late or often it is told', () => {
    expect(dayOf(new Date('2026-11-28T23:59:59.999Z'))).toBe('2026-11-28');
    expect(withActiveDay(['2026-11-28'], '2026-11-28')).toBeNull();
    expect(withActiveDay(['2026-11-29'], '2026-11-27')).toEqual(['2026-11-27', '2026-11-29']);
    const many = Array.from({ length: ACTIVE_DAYS_KEPT }, (_, i) => dayOf(new Date(Date.UTC(2025, 0, 1 + i))));
    const kept = withActiveDay(many, '2027-01-01') as string[];
    expect(kept).toHaveLength(ACTIVE_DAYS_KEPT);
    expect(kept.at(-1)).toBe('2027-01-01');
    expect(kept[0]).toBe(many[1]);
  });
});
