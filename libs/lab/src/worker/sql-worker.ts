import { SQL_COPY_MAX_PAGES, SQL_RESULT_BYTE_CAPS, SQL_RESULT_ROW_CAP } from '@dblearn/contracts';
import { type LabCaps, type LabDatabase, type LabEngine, type LabRules, prepareLabDatabase, runLabStatements, statementHandleKey, statementRefusal } from '../sql-lab-engine.js';
import { SCHEMA_SAMPLE_ROWS, type SqlEngineUrls, type SqlJob, type SqlTable, type SqlTableSchema, type SqlWorkerAnswer, type SqlWorkerMessage, type WorkerReply } from './protocol.js';

interface SqlDatabase extends LabDatabase {
  export(): Uint8Array;
  close(): void;
  getRowsModified(): number;
}

interface SqlJs extends LabEngine {
  Database: new (bytes?: Uint8Array | null) => SqlDatabase;
}

/** What the worker uses of its global scope (the entry hands the worker's own; a test hands its own). */
export interface SqlWorkerScope {
  importScripts(url: string): void;
  initSqlJs?(options: { locateFile: () => string }): Promise<SqlJs>;
  postMessage(message: WorkerReply<SqlWorkerAnswer>): void;
  onmessage: ((event: { data: SqlWorkerMessage }) => void) | null;
}

const CAPS: LabCaps = { rows: SQL_RESULT_ROW_CAP, ...SQL_RESULT_BYTE_CAPS };

/** Loads sql.js from its URL (a classic script defining initSqlJs) with the lab's rules for it. */
function loadEngine(scope: SqlWorkerScope, { sqlJsUrl, wasmUrl }: SqlEngineUrls): Promise<{ SQL: SqlJs; rules: LabRules }> {
  try {
    scope.importScripts(sqlJsUrl);
    if (!scope.initSqlJs) throw new Error('sql.js did not define initSqlJs');
    return scope.initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => {
      const probe = new SQL.Database();
      try {
        return { SQL, rules: { refusal: statementRefusal, caps: CAPS, handleKey: statementHandleKey(SQL, probe) } };
      } finally {
        probe.close();
      }
    });
  } catch (error) {
    return Promise.reject(new Error(`The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/**
 * The schema view and its diagram, read from the sandbox's own catalog by the worker (never
 * through a learner's statements): each table with its columns (PRAGMA table_info), its foreign
 * keys (PRAGMA foreign_key_list, one entry per constraint), row count and first rows.
 */
function readSchema(db: SqlDatabase): SqlWorkerAnswer {
  const names = (db.exec("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")[0]?.values ?? []).map((row) => String(row[0]));
  const tables = names.map((name) => {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const columns = (db.exec(`PRAGMA table_info(${quoted})`)[0]?.values ?? []).map(([, column, type, notNull, , key]) => ({ name: String(column), type: String(type ?? ''), notNull: notNull === 1, primaryKey: Number(key) > 0 }));
    const keys = new Map<number, { table: string; from: string[]; to: (string | null)[] }>();
    for (const [keyId, , table, from, to] of db.exec(`PRAGMA foreign_key_list(${quoted})`)[0]?.values ?? []) {
      const key = keys.get(Number(keyId)) ?? { table: String(table), from: [], to: [] };
      key.from.push(String(from));
      // null: the key names only the table, so it refers to that table's primary key.
      key.to.push(to === null ? null : String(to));
      keys.set(Number(keyId), key);
    }
    const rowCount = Number(db.exec(`SELECT count(*) FROM ${quoted}`)[0]?.values[0]?.[0] ?? 0);
    const first = db.exec(`SELECT * FROM ${quoted} LIMIT ${SCHEMA_SAMPLE_ROWS}`)[0];
    // SQLite numbers a table's keys from the last declared: reversed, they read as the author wrote them.
    const schema: SqlTableSchema = { name, columns, foreignKeys: [...keys.values()].reverse(), rowCount, rows: (first?.values ?? []) as SqlTableSchema['rows'] };
    return schema;
  });
  return { kind: 'schema', tables };
}

/**
 * Statement by statement (as the server runs an attempt, with the same rule and caps), so a
 * failure carries the offset in the learner's text where its statement starts (the page turns it
 * into a line); the answer is every result that has columns, in order, empty ones included.
 * Explain runs every statement but the last the same way, then reads the last one's plan instead of running it.
 */
function runStatements(SQL: SqlJs, rules: LabRules, db: SqlDatabase, text: string, explainLast = false): SqlTable[] {
  prepareLabDatabase(db, SQL_COPY_MAX_PAGES);
  // sql.js's cells: text, numbers, null, and a BLOB as a Uint8Array.
  return runLabStatements(SQL, db, text, rules, explainLast) as SqlTable[];
}

/**
 * The SQL worker: sql.js loaded from the URLs of its first message, then each job answered on a
 * fresh copy of its sandbox, built once per source (foreign keys on, as the server builds it).
 */
export function serveSqlJobs(scope: SqlWorkerScope): void {
  // A failure to load is answered to every job (a worker's own error event carries no message).
  let engine: Promise<{ SQL: SqlJs; rules: LabRules }> = Promise.reject(new Error('The SQL engine was not started.'));
  engine.catch(() => undefined);
  let built: { source: string; bytes: Uint8Array } | null = null;

  const answer = (SQL: SqlJs, rules: LabRules, { sandbox, sql, schema, explain }: SqlJob): SqlWorkerAnswer => {
    if (!built || built.source !== sandbox) {
      const empty = new SQL.Database();
      try {
        // Built as the server builds it (foreign keys on), from a script the server accepted.
        prepareLabDatabase(empty, SQL_COPY_MAX_PAGES);
        if (sandbox.trim() !== '') empty.exec(sandbox);
        built = { source: sandbox, bytes: empty.export() };
      } finally {
        empty.close();
      }
    }
    const db = new SQL.Database(built.bytes);
    try {
      prepareLabDatabase(db, SQL_COPY_MAX_PAGES);
      if (schema) return readSchema(db);
      if (explain) {
        const plan = runStatements(SQL, rules, db, sql, true).at(-1);
        if (!plan) return { kind: 'error', message: 'There is no statement to explain.' };
        return { kind: 'plan', steps: plan.rows.map(([step, parent, , detail]) => ({ id: Number(step), parent: Number(parent), detail: String(detail) })) };
      }
      const tables = runStatements(SQL, rules, db, sql);
      if (tables.length > 1) return { kind: 'tables', tables };
      if (tables[0]) return { kind: 'table', ...tables[0] };
      return { kind: 'done', message: `Done: ${db.getRowsModified()} rows changed (in this copy only).` };
    } finally {
      db.close();
    }
  };

  scope.onmessage = (event) => {
    const message = event.data;
    if ('engine' in message) {
      engine = loadEngine(scope, message.engine);
      return;
    }
    void engine
      .then(({ SQL, rules }) => answer(SQL, rules, message))
      .then(
        (result) => scope.postMessage({ id: message.id, result }),
        (error: unknown) => {
          // runLabStatements's failure: where its statement starts, what was refused, or a size (no line).
          const { offset, refused, whole } = error as { offset?: number; refused?: string; whole?: boolean };
          const at = offset === undefined || whole ? {} : refused ? { offset, refused } : { offset };
          scope.postMessage({ id: message.id, result: { kind: 'error', message: error instanceof Error ? error.message : String(error), ...at } });
        },
      );
  };
}
