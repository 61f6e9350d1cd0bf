/**
 * Crash tests stop a service at the worst moments: with DBLEARN_FAILPOINT=<name> the process
 * kills itself (SIGKILL, no cleanup) when it reaches that point. Unset in every real run.
 */
export type Failpoint = 'events:after-write' | 'events:after-publish' | 'events:after-tombstone';

export function failpoint(name: Failpoint): void {
  if (process.env.DBLEARN_FAILPOINT === name) process.kill(process.pid, 'SIGKILL');
}
