import type { MongoQuery } from '../mongo-lab.js';

// What the page and the browser's lab workers say to each other (each worker is a bundle of its
// own, `@dblearn/lab/sql-worker` and `@dblearn/lab/mongo-worker`; libs/ui's runners post to them).

/** Where sql.js and its WebAssembly are (absolute URLs of the remote's hashed copies): the SQL worker's first message. */
export interface SqlEngineUrls {
  sqlJsUrl: string;
  wasmUrl: string;
}

/** One job: a run, an Explain (`explain`) or the schema view (`schema`) on a fresh copy of `sandbox`. */
export interface SqlJob {
  id: number;
  sandbox: string;
  sql: string;
  schema?: boolean;
  explain?: boolean;
}

export type SqlWorkerMessage = { engine: SqlEngineUrls } | SqlJob;

/** The mongo worker's first message: where mingo's browser bundle is (absolute URL of the remote's hashed copy); then parsed queries. */
export type MongoWorkerMessage = { engine: { mingoUrl: string } } | { id: number; sandbox: string; query: MongoQuery };

/** How many rows of each table the schema view shows. */
export const SCHEMA_SAMPLE_ROWS = 3;

/** A mongo run sends back at most this many documents (the count still names them all). */
export const MONGO_SENT_DOCUMENTS = 500;

export type SqlCell = string | number | null | Uint8Array;

/** One statement's result: its columns and rows. */
export interface SqlTable {
  columns: string[];
  rows: SqlCell[][];
}

/**
 * One foreign key constraint as SQLite's catalog lists it: its columns, the table it refers to and
 * the columns there (null where the constraint names only the table: its primary key).
 */
export interface SqlForeignKey {
  table: string;
  from: string[];
  to: (string | null)[];
}

/** A table of a SQL sandbox as the schema view and its diagram show it. */
export interface SqlTableSchema {
  name: string;
  columns: { name: string; type: string; notNull: boolean; primaryKey: boolean }[];
  foreignKeys: SqlForeignKey[];
  rowCount: number;
  /** The first few rows, in column order. */
  rows: SqlCell[][];
}

/** One row of SQLite's EXPLAIN QUERY PLAN: its id, its parent's id (0 at the top) and what it does. */
export interface PlanStep {
  id: number;
  parent: number;
  detail: string;
}

/** A job that failed as a whole (the engine did not load, a size, nothing to explain). */
export interface WorkerFailure {
  kind: 'error';
  message: string;
}

/**
 * A statement that failed: SQLite's message (or what the lab's rule refused) and the offset in the
 * job's text where the statement starts (the page turns it into a line: `withStatementLine`).
 */
export type FailedStatement = WorkerFailure & { offset: number; refused?: string };

/** What the SQL worker answers a job, by its kind. */
export type SqlWorkerAnswer =
  | ({ kind: 'table' } & SqlTable)
  | { kind: 'tables'; tables: SqlTable[] }
  | { kind: 'done'; message: string }
  | { kind: 'schema'; tables: SqlTableSchema[] }
  | { kind: 'plan'; steps: PlanStep[] }
  | WorkerFailure
  | FailedStatement;

/** What the mongo worker answers a query: at most MONGO_SENT_DOCUMENTS of the `total` found, or why it failed. */
export type MongoWorkerAnswer = { kind: 'documents'; documents: unknown[]; total: number } | WorkerFailure;

/** Every answer names the job it answers. */
export interface WorkerReply<Answer> {
  id: number;
  result: Answer;
}
