import { SQL_COPY_MAX_PAGES, SQL_RESULT_BYTE_CAPS, SQL_RESULT_ROW_CAP } from '@dblearn/contracts';
import {
  type LabCaps,
  type LabDatabase,
  type LabEngine,
  type LabRules,
  prepareLabDatabase,
  runLabStatements,
  statementHandleKey,
  statementRefusal,
} from '@dblearn/lab';

/** How many rows of each table the schema view shows. */
export const SCHEMA_SAMPLE_ROWS = 3;

/** The lab's engine rules (@dblearn/lab sql-lab-engine), handed to the worker as source text: the server runs the same functions. */
interface LabFunctions {
  statementRefusal: typeof statementRefusal;
  statementHandleKey: typeof statementHandleKey;
  runLabStatements: typeof runLabStatements;
  prepareLabDatabase: typeof prepareLabDatabase;
}

/**
 * The SQL worker's body. It is started from a Blob (a worker script must come from the page's
 * origin, and a remote's files may be on another), so this function is sent as its source text:
 * it must use nothing from outside itself.
 */
function sqlWorkerMain(sqlJsUrl: string, wasmUrl: string, sampleRows: number, caps: LabCaps, maxPages: number, lab: LabFunctions) {
  interface SqlDatabase extends LabDatabase {
    export(): Uint8Array;
    close(): void;
    getRowsModified(): number;
  }
  interface SqlJs extends LabEngine {
    Database: new (bytes?: Uint8Array | null) => SqlDatabase;
  }
  const scope = self as unknown as {
    importScripts(url: string): void;
    initSqlJs(options: { locateFile: () => string }): Promise<SqlJs>;
    postMessage(message: unknown): void;
    onmessage: ((event: MessageEvent<{ id: number; sandbox: string; sql: string; schema?: boolean; explain?: boolean }>) => void) | null;
  };
  // A failure to load is answered to every run (a worker's own error event carries no message).
  let engine: Promise<{ SQL: SqlJs; rules: LabRules }>;
  try {
    scope.importScripts(sqlJsUrl);
    engine = scope.initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => {
      const probe = new SQL.Database();
      try {
        return { SQL, rules: { refusal: lab.statementRefusal, caps, handleKey: lab.statementHandleKey(SQL, probe) } };
      } finally {
        probe.close();
      }
    });
  } catch (error) {
    engine = Promise.reject(new Error(`The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}`));
  }
  // Statement by statement (as the server runs an attempt, with the same rule and caps), so a
  // failure carries the offset in the learner's text where its statement starts (the page turns it
  // into a line); the answer is every result that has columns, in order, empty ones included.
  // Explain runs every statement but the last the same way, then reads the last one's plan instead of running it.
  const runStatements = (SQL: SqlJs, rules: LabRules, db: SqlDatabase, text: string, explainLast = false) => {
    lab.prepareLabDatabase(db, maxPages);
    return lab.runLabStatements(SQL, db, text, rules, explainLast);
  };
  // The sandbox is built once per source; every run opens a fresh copy of its bytes.
  let built: { source: string; bytes: Uint8Array } | null = null;
  scope.onmessage = (event) => {
    const { id, sandbox, sql, schema, explain } = event.data;
    void engine
      .then(({ SQL, rules }) => {
        if (!built || built.source !== sandbox) {
          const empty = new SQL.Database();
          try {
            // Built as the server builds it (foreign keys on), from a script the server accepted.
            lab.prepareLabDatabase(empty, maxPages);
            if (sandbox.trim() !== '') empty.exec(sandbox);
            built = { source: sandbox, bytes: empty.export() };
          } finally {
            empty.close();
          }
        }
        const db = new SQL.Database(built.bytes);
        try {
          lab.prepareLabDatabase(db, maxPages);
          // The schema view and its diagram, read from the sandbox's own catalog by the worker (never
          // through a learner's statements): each table with its columns (PRAGMA table_info), its
          // foreign keys (PRAGMA foreign_key_list, one entry per constraint), row count and first rows.
          if (schema) {
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
              const first = db.exec(`SELECT * FROM ${quoted} LIMIT ${sampleRows}`)[0];
              // SQLite numbers a table's keys from the last declared: reversed, they read as the author wrote them.
              return { name, columns, foreignKeys: [...keys.values()].reverse(), rowCount, rows: first?.values ?? [] };
            });
            return { kind: 'schema', tables };
          }
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
      })
      .then(
        (result) => scope.postMessage({ id, result }),
        (error: unknown) => {
          // runLabStatements's failure: where its statement starts, what was refused, or a size (no line).
          const { offset, refused, whole } = error as { offset?: number; refused?: string; whole?: boolean };
          const at = offset === undefined || whole ? {} : refused ? { offset, refused } : { offset };
          scope.postMessage({ id, result: { kind: 'error', message: error instanceof Error ? error.message : String(error), ...at } });
        },
      );
  };
}

/** The worker's script text, calling its body with the URLs of sql.js and its WASM. */
export function sqlWorkerSource(sqlJsUrl: string, wasmUrl: string): string {
  const caps: LabCaps = { rows: SQL_RESULT_ROW_CAP, ...SQL_RESULT_BYTE_CAPS };
  const lab = `{ statementRefusal: ${statementRefusal.toString()}, statementHandleKey: ${statementHandleKey.toString()}, runLabStatements: ${runLabStatements.toString()}, prepareLabDatabase: ${prepareLabDatabase.toString()} }`;
  return `(${sqlWorkerMain.toString()})(${JSON.stringify(sqlJsUrl)}, ${JSON.stringify(wasmUrl)}, ${SCHEMA_SAMPLE_ROWS}, ${JSON.stringify(caps)}, ${SQL_COPY_MAX_PAGES}, ${lab});`;
}
