/**
 * The one backoff for retrying against something that is away: the services' event consumers, outbox
 * relay and read models retrying NATS or MongoDB, and the launcher restarting a process that crashed.
 */
export interface BackoffPolicy {
  /** Wait before the first retry. */
  initialMs: number;
  /** The wait doubles with each retry up to this. */
  maxMs: number;
}

/** 0.5 s, 1 s, 2 s … capped at 30 s. */
export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };

/** Delay before retry number `attempt` (1 = the first retry; 0 or less counts as the first). */
export function backoffDelay(attempt: number, policy: BackoffPolicy = DEFAULT_BACKOFF): number {
  // Capping the exponent keeps 2 ** n finite however long an outage lasts.
  const factor = 2 ** Math.min(Math.max(attempt - 1, 0), 30);
  return Math.min(policy.initialMs * factor, policy.maxMs);
}
