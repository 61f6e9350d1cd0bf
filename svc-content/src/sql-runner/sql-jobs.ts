import type { AttemptResult } from '@dblearn/contracts';

/** The answer of a job that ran past its time limit (its worker was stopped). */
export const TIMED_OUT = 'timed-out';

/**
 * What svc-content asks of a SQL worker thread. A sandbox is named by the hash of its script, so a
 * worker builds it once and opens copies of the built bytes after that; SqlRunner leaves `source`
 * out once the worker has it (the worker answers `missingSandbox` if it dropped it since).
 */
export type SqlJob =
  /** Does the script run on an empty database? */
  | { op: 'sandbox'; source: string }
  /** Does the reference query run on the sandbox? */
  | { op: 'reference'; sandboxKey: string; source?: string; referenceSql: string }
  /** The learner's query against the reference, both on fresh copies of the sandbox. */
  | { op: 'attempt'; sandboxKey: string; source?: string; referenceSql: string; sql: string };

/** The failure of a script or reference query: the message names the line. */
export interface SqlJobFailure {
  error: string;
  line: number | null;
}

/** The job named a sandbox without its script, and this worker does not have it (any more). */
export interface SqlMissingSandbox {
  missingSandbox: true;
}

export type SqlJobReply = { ok: true } | SqlJobFailure | AttemptResult;

export interface SqlJobMessage {
  id: number;
  job: SqlJob;
}

export interface SqlReplyMessage {
  id: number;
  reply: SqlJobReply | SqlMissingSandbox;
  /** The worker is not as it was set up after this job (sql-engine engineIntact): replace it. */
  tainted?: true;
}

/** A worker's first message: its thread id, so that a slow query's thread can be given a lower priority. */
export interface SqlWorkerHello {
  tid: number | null;
}

/** A heavy job handed to the heavy-query process, with what is left of its time limit. */
export interface HeavyJobMessage {
  id: number;
  job: SqlJob;
  timeLimitMs: number;
}

/** The heavy-query process's answer: the worker's reply, or that the job ran out of time. */
export type HeavyReplyMessage = { id: number; reply: SqlJobReply } | { id: number; timedOut: true };
