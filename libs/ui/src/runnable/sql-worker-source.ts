/** How many rows of each table the schema view shows. */
export const SCHEMA_SAMPLE_ROWS = 3;

/**
 * The SQL worker's body. It is started from a Blob (a worker script must come from the page's
 * origin, and a remote's files may be on another), so this function is sent as its source text:
 * it must use nothing from outside itself.
 */
function sqlWorkerMain(sqlJsUrl: string, wasmUrl: string, sampleRows: number) {
  interface SqlStatement {
    getColumnNames(): string[];
    step(): boolean;
    get(): unknown[];
  }
  interface SqlDatabase {
    exec(sql: string): { columns: string[]; values: unknown[][] }[];
    iterateStatements(sql: string): { next(): IteratorResult<SqlStatement>; getRemainingSQL(): string; return(): unknown };
    export(): Uint8Array;
    close(): void;
    getRowsModified(): number;
  }
  interface SqlJs {
    Database: new (bytes?: Uint8Array | null) => SqlDatabase;
  }
  const scope = self as unknown as {
    importScripts(url: string): void;
    initSqlJs(options: { locateFile: () => string }): Promise<SqlJs>;
    postMessage(message: unknown): void;
    onmessage: ((event: MessageEvent<{ id: number; sandbox: string; sql: string; schema?: boolean }>) => void) | null;
  };
  // A failure to load is answered to every run (a worker's own error event carries no message).
  let engine: Promise<SqlJs>;
  try {
    scope.importScripts(sqlJsUrl);
    engine = scope.initSqlJs({ locateFile: () => wasmUrl });
  } catch (error) {
    engine = Promise.reject(new Error(`The SQL engine could not load: ${error instanceof Error ? error.message : String(error)}`));
  }
  // Statement by statement (as the server runs an attempt), so a failure carries the offset in the
  // learner's text where its statement starts (the page turns it into a line); the answer is the last
  // result that has columns, an empty one included. A plain Error: a class here could need a
  // compiler helper from outside this function.
  const runStatements = (db: SqlDatabase, text: string) => {
    const statements = db.iterateStatements(text);
    let last: { columns: string[]; rows: unknown[][] } | null = null;
    for (;;) {
      const offset = text.length - statements.getRemainingSQL().length;
      try {
        const step = statements.next();
        if (step.done) return last;
        const columns = step.value.getColumnNames();
        const rows: unknown[][] = [];
        while (step.value.step()) rows.push(step.value.get());
        if (columns.length > 0) last = { columns, rows };
      } catch (error) {
        statements.return(); // frees the statement and the copy of the text (sql.js does not on a failed step)
        throw Object.assign(new Error(error instanceof Error ? error.message : String(error)), { offset });
      }
    }
  };
  // The sandbox is built once per source; every run opens a fresh copy of its bytes.
  let built: { source: string; bytes: Uint8Array } | null = null;
  scope.onmessage = (event) => {
    const { id, sandbox, sql, schema } = event.data;
    void engine
      .then((SQL) => {
        if (!built || built.source !== sandbox) {
          const empty = new SQL.Database();
          try {
            if (sandbox.trim() !== '') empty.exec(sandbox);
            built = { source: sandbox, bytes: empty.export() };
          } finally {
            empty.close();
          }
        }
        const db = new SQL.Database(built.bytes);
        try {
          // The schema view: each table with its columns (PRAGMA table_info), row count and first rows.
          if (schema) {
            const names = (db.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")[0]?.values ?? []).map((row) => String(row[0]));
            const tables = names.map((name) => {
              const quoted = `"${name.replace(/"/g, '""')}"`;
              const columns = (db.exec(`PRAGMA table_info(${quoted})`)[0]?.values ?? []).map(([, column, type, notNull, , key]) => ({ name: String(column), type: String(type ?? ''), notNull: notNull === 1, primaryKey: Number(key) > 0 }));
              const rowCount = Number(db.exec(`SELECT count(*) FROM ${quoted}`)[0]?.values[0]?.[0] ?? 0);
              const first = db.exec(`SELECT * FROM ${quoted} LIMIT ${sampleRows}`)[0];
              return { name, columns, rowCount, rows: first?.values ?? [] };
            });
            return { kind: 'schema', tables };
          }
          const last = runStatements(db, sql);
          if (last) return { kind: 'table', ...last };
          return { kind: 'done', message: `Done: ${db.getRowsModified()} rows changed (in this copy only).` };
        } finally {
          db.close();
        }
      })
      .then(
        (result) => scope.postMessage({ id, result }),
        (error: unknown) =>
          scope.postMessage({ id, result: { kind: 'error', message: error instanceof Error ? error.message : String(error), ...(error instanceof Error && 'offset' in error ? { offset: error.offset } : {}) } }),
      );
  };
}

/** The worker's script text, calling its body with the URLs of sql.js and its WASM. */
export function sqlWorkerSource(sqlJsUrl: string, wasmUrl: string): string {
  return `(${sqlWorkerMain.toString()})(${JSON.stringify(sqlJsUrl)}, ${JSON.stringify(wasmUrl)}, ${SCHEMA_SAMPLE_ROWS});`;
}
