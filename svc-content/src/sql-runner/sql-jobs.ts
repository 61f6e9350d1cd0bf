import type { GradedAttempt, GradedCheck } from '@dblearn/lab';

/** The answer of a job that ran past its time limit (its worker was stopped). */
export const TIMED_OUT = 'timed-out';

/**
 * A course's two datasets as a worker builds them: the visible script and the hidden variant's
 * (SQL scripts, or JSON collections for mongo checks); `hidden` null means derived from `visible`.
 */
export interface SandboxScripts {
  visible: string;
  hidden: string | null;
}

/**
 * What svc-content asks of a SQL worker thread. A course's datasets are named by `sandboxKey` (the
 * hashes of both scripts), so a worker builds each once and opens copies of the built bytes after
 * that; SqlRunner leaves `source` out once the worker has it (the worker answers `missingSandbox` if
 * it dropped it since).
 */
export type SqlJob =
  /** Does the script run on an empty database? */
  | { op: 'sandbox'; source: string }
  /** Does the check's reference run on both datasets (and meet its probes)? */
  | { op: 'reference'; sandboxKey: string; source?: SandboxScripts; check: GradedCheck }
  /** The learner's answer (SQL, or a mongo query) against the reference, on fresh copies of both datasets. */
  | { op: 'attempt'; sandboxKey: string; source?: SandboxScripts; check: GradedCheck; answer: string }
  /** A SQL dataset's rows, table by table in storage order (the hidden variant loaded into PostgreSQL: issue 32). */
  | { op: 'rows'; sandboxKey: string; source?: SandboxScripts; which: 'visible' | 'hidden' };

/** The failure of a script or reference query: the message names the line. */
export interface SqlJobFailure {
  error: string;
  line: number | null;
}

/** The job named a sandbox without its script, and this worker does not have it (any more). */
export interface SqlMissingSandbox {
  missingSandbox: true;
}

/** A table's columns (generated ones left out) and rows, as a `rows` job answers them. */
export interface DatasetTable {
  name: string;
  columns: string[];
  rows: (number | string | Uint8Array | null)[][];
}

export type SqlJobReply = { ok: true } | SqlJobFailure | GradedAttempt | { tables: DatasetTable[] };

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

/**
 * The hidden phase is a black box (issue 30, Medium 4): once an attempt matches on the practice data
 * its worker says so before the hidden run, with the answer to give if that run does not end (the
 * same fail as any hidden mismatch) and the run's budget: HIDDEN_BUDGET_FACTOR times the practice
 * run's CPU time, at least HIDDEN_BUDGET_FLOOR_MS (under the time limit, which still applies).
 * SqlRunner holds it in wall time (its workers run at normal priority), the heavy-query process in
 * the worker thread's CPU time (its low priority stretches wall time on a busy box). A
 * time-out, a worker's memory error or a crash after this answers `verdict`, never "ran longer
 * than 2 s", so the time limit tells nothing of the hidden data, and its timing no more than the budget.
 */
export interface SqlHiddenPhaseMessage {
  id: number;
  /** `startCpuMs`: the thread's CPU time (ms, Linux's count) as its hidden run starts, so the receiver need not read it. */
  hidden: { verdict: GradedAttempt; budgetMs: number; startCpuMs?: number };
}

export const HIDDEN_BUDGET_FACTOR = 10;
export const HIDDEN_BUDGET_FLOOR_MS = 400;

/** The hidden run's budget after a practice run of `practiceMs`. */
export function hiddenBudgetMs(practiceMs: number): number {
  return Math.max(HIDDEN_BUDGET_FLOOR_MS, Math.ceil(HIDDEN_BUDGET_FACTOR * practiceMs));
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
export type HeavyReplyMessage = { id: number; reply: SqlJobReply } | { id: number; timedOut: true } | SqlHiddenPhaseMessage;
