export interface RestartPolicy {
  /** Wait before the first restart. */
  initialDelayMs: number;
  /** The wait doubles with each quick crash up to this. */
  maxDelayMs: number;
  /** A process that ran this long before crashing counts as healthy: the backoff starts over. */
  stableAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
};

/** Wait before restart number `attempt` (0-based): exponential, capped. */
export function restartDelay(attempt: number, policy: RestartPolicy = DEFAULT_RESTART_POLICY): number {
  const exponent = Math.max(0, Math.min(attempt, 30));
  return Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** exponent);
}
