/**
 * A learner's streak (issue 34): days in a row, in UTC, with at least one passed check or one review.
 * The user keeps the days they were active (a set, so an event handled twice or late changes nothing);
 * the streak is counted when asked, ending today or, before today's first activity, yesterday.
 */

/** Active days kept per learner: a streak longer than this shows as this long. */
export const ACTIVE_DAYS_KEPT = 400;
const DAY_MS = 86_400_000;

/** The UTC day of a moment, as YYYY-MM-DD. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The days with `day` added (sorted, the oldest dropped past ACTIVE_DAYS_KEPT); null when it is there already. */
export function withActiveDay(days: readonly string[], day: string): string[] | null {
  if (days.includes(day)) return null;
  return [...days, day].sort().slice(-ACTIVE_DAYS_KEPT);
}

export function streakOf(days: readonly string[], now: Date): number {
  const active = new Set(days);
  let moment = now.getTime();
  if (!active.has(dayOf(new Date(moment)))) moment -= DAY_MS;
  let streak = 0;
  while (active.has(dayOf(new Date(moment)))) {
    streak += 1;
    moment -= DAY_MS;
  }
  return streak;
}
