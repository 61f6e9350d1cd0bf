/** Exponential backoff for retrying against a server that is away: 0.5 s, 1 s, 2 s … capped at 30 s. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };

/** Delay before retry number `attempt` (1 = the first retry). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  if (attempt <= 1) return policy.initialMs;
  // Capping the exponent keeps 2 ** n finite however long an outage lasts.
  const factor = 2 ** Math.min(attempt - 1, 30);
  return Math.min(policy.initialMs * factor, policy.maxMs);
}
