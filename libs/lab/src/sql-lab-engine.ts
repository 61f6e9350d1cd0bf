/**
 * How a lab runs learners' SQL on sql.js, in ONE place for the server (svc-content's SQL workers)
 * and the browser (a lesson's ```sql block). What may run is decided on what SQLite itself prepared:
 * sql.js's iterateStatements splits the text with SQLite's own tokenizer, one statement at a time,
 * and each statement is judged by its leading verb (and a PRAGMA by its name) from where SQLite
 * will start reading it, before it is prepared. So no quoting trick (`$a('…')`, "names", comments)
 * can hide a statement from the rule: the rule reads each statement where SQLite starts it, never
 * the learner's text as a whole.
 *
 * sql.js 1.16 exports no authorizer and no sqlite3_limit, hence this rule on the prepared text.
 * Its build omits load_extension, the dbpage and dbstat tables and the two-argument fts3_tokenizer
 * (PRAGMA compile_options: OMIT_LOAD_EXTENSION, no ENABLE_DBPAGE_VTAB/ENABLE_FTS3_TOKENIZER), and
 * the pragma_* table-valued functions only read (SQLite builds them for pragmas without side effects).
 *
 * The browser's SQL worker imports these as any module does (decision 0050).
 */

/** SQLite's white space is exactly these five; every character from U+0080 on is part of a name. */
const isSqliteSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';

/** Where `text` goes on past `at`: past white space, line and block comments, and (`semicolons`) empty statements. */
function pastBlanks(text: string, at: number, semicolons: boolean): number {
  for (;;) {
    while (at < text.length && (isSqliteSpace(text.charAt(at)) || (semicolons && text.charAt(at) === ';'))) at += 1;
    if (text.startsWith('--', at)) {
      const end = text.indexOf('\n', at);
      at = end === -1 ? text.length : end + 1;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      at = end === -1 ? text.length : end + 2;
    } else return at;
  }
}

/** The parts of a sql.js statement used here. */
export interface LabStatement {
  getColumnNames(): string[];
  /** The statement's text as SQLite prepared it (sqlite3_sql). */
  getSQL(): string;
  step(): boolean;
  get(): unknown[];
}

/** The parts of a sql.js database used here. */
export interface LabDatabase {
  exec(sql: string): { columns: string[]; values: unknown[][] }[];
  prepare(sql: string): LabStatement & { free(): boolean };
  iterateStatements(sql: string): { next(): IteratorResult<LabStatement>; getRemainingSQL(): string; return?(): unknown };
}

/** The parts of the sql.js module used here (its exported SQLite C functions). */
export interface LabEngine {
  _sqlite3_column_type(statement: number, column: number): number;
  _sqlite3_column_bytes(statement: number, column: number): number;
  _sqlite3_column_count(statement: number): number;
  _sqlite3_sql(statement: number): number;
  UTF8ToString(pointer: number): string;
}

/** How much one run may read back (CONTRACT "Runnable SQL"; the numbers are SQL_RESULT_CAPS). */
export interface LabCaps {
  rows: number;
  totalBytes: number;
  valueBytes: number;
}

/**
 * What runLabStatements runs by: the statement rule (statementRefusal, or a stricter one a caller
 * passes), the caps and the engine's statement-handle key (statementHandleKey).
 */
export interface LabRules {
  refusal: (sql: string) => string | null;
  caps: LabCaps;
  handleKey: string;
}

/** One statement's result that has columns: what sql.js gives (a BLOB is a Uint8Array). */
export interface LabResult {
  columns: string[];
  rows: unknown[][];
}

/**
 * Why the statement at the start of `sql` may not run: what is refused ("ATTACH", "PRAGMA
 * journal_mode"), or null. `sql` is the text from where SQLite will prepare the next statement
 * (sql.js's getRemainingSQL): it is judged BEFORE it is prepared, because SQLite carries out most
 * PRAGMAs while preparing them (`PRAGMA hard_heap_limit = 1` acts at prepare, even under EXPLAIN).
 * Only the leading tokens are read: white space, comments and empty statements (`;`), the verb,
 * and for a PRAGMA its `[schema.]name` (bare, "quoted", [bracketed], `quoted` or 'a string', as
 * SQLite reads a name). Allowed: SELECT, VALUES, WITH, INSERT, REPLACE, UPDATE, DELETE, CREATE,
 * DROP, ALTER, BEGIN, COMMIT, END, ROLLBACK, SAVEPOINT, RELEASE, ANALYZE, REINDEX, EXPLAIN [QUERY
 * PLAN] before an allowed statement, and a PRAGMA named in the allow-list (schema reading and
 * foreign keys). Refused: every other statement SQLite has (ATTACH, DETACH, VACUUM, any other
 * PRAGMA). A leading word that starts no SQLite statement, or none at all, is left to SQLite, which
 * refuses it as a syntax error before anything runs.
 */
export function statementRefusal(statementSql: string): string | null {
  // Every verb a SQLite 3.49 statement can start with is in one of these two lists.
  const refusedVerbs = ['ATTACH', 'DETACH', 'VACUUM', 'PRAGMA', 'EXPLAIN'];
  const verbs = ['SELECT', 'VALUES', 'WITH', 'INSERT', 'REPLACE', 'UPDATE', 'DELETE', 'CREATE', 'DROP', 'ALTER', 'BEGIN', 'COMMIT', 'END', 'ROLLBACK', 'SAVEPOINT', 'RELEASE', 'ANALYZE', 'REINDEX'];
  const pragmas = [
    'table_info',
    'table_xinfo',
    'table_list',
    'index_list',
    'index_info',
    'index_xinfo',
    'foreign_key_list',
    'foreign_keys',
    'foreign_key_check',
    'defer_foreign_keys',
    'collation_list',
  ];
  const text = statementSql;
  let at = 0;
  const isWordChar = (c: string) => /[A-Za-z0-9_$]/.test(c) || c.charCodeAt(0) >= 0x80;
  const skipSpace = (semicolons = false) => {
    at = pastBlanks(text, at, semicolons);
  };
  const bareWord = () => {
    skipSpace();
    const start = at;
    while (at < text.length && isWordChar(text.charAt(at))) at += 1;
    return text.slice(start, at);
  };
  const upper = (word: string) => word.replace(/[a-z]/g, (c) => c.toUpperCase());
  const lower = (word: string) => word.replace(/[A-Z]/g, (c) => c.toLowerCase());
  // A name as SQLite's `nm`: bare, "quoted", [bracketed], `quoted` or 'a string'; null when none.
  const name = (): string | null => {
    skipSpace();
    const open = text.charAt(at);
    const close = open === '"' || open === "'" || open === '`' ? open : open === '[' ? ']' : null;
    if (!close) {
      const word = bareWord();
      return word === '' || /^[0-9]/.test(word) ? null : word;
    }
    let out = '';
    let i = at + 1;
    for (;;) {
      if (i >= text.length) return null;
      const c = text.charAt(i);
      if (c === close) {
        if (close !== ']' && text.charAt(i + 1) === close) {
          out += c;
          i += 2;
          continue;
        }
        at = i + 1;
        return out;
      }
      out += c;
      i += 1;
    }
  };
  skipSpace(true);
  let verb = upper(bareWord());
  if (verb === 'EXPLAIN') {
    const mark = at;
    if (upper(bareWord()) === 'QUERY' && upper(bareWord()) === 'PLAN') verb = upper(bareWord());
    else {
      at = mark;
      verb = upper(bareWord());
    }
  }
  if (verb === 'PRAGMA') {
    let pragma = name();
    skipSpace();
    if (pragma !== null && text.charAt(at) === '.') {
      at += 1;
      pragma = name();
    }
    if (pragma === null) return 'PRAGMA';
    return pragmas.includes(lower(pragma)) ? null : `PRAGMA ${pragma}`;
  }
  if (verbs.includes(verb) || !refusedVerbs.includes(verb)) return null;
  return verb;
}

/**
 * Which own property of a sql.js statement holds its SQLite handle (sql.js's build renames it):
 * found once per engine on a statement whose text and column count are known.
 */
export function statementHandleKey(engine: LabEngine, db: LabDatabase): string {
  const probeSql = 'SELECT 1 AS a, 2 AS b, 3 AS c';
  const probe = db.prepare(probeSql);
  try {
    for (const [key, value] of Object.entries(probe)) {
      // A wasm pointer to a statement is well above the first page; small numbers are counters.
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 4096) continue;
      if (engine._sqlite3_column_count(value) === 3 && engine.UTF8ToString(engine._sqlite3_sql(value)) === probeSql) return key;
    }
  } finally {
    probe.free();
  }
  throw new Error('The SQL engine does not expose its statements as expected.');
}

/**
 * Runs every statement of `text` on `db`, each judged by statementRefusal before it is prepared, and
 * answers the results that have columns, in order. What is read back is counted in bytes from
 * SQLite's own sizes before a value becomes a JS string, so an oversized result stops early instead
 * of filling the thread's memory. A failure throws an Error carrying `offset` (where its statement
 * starts in `text`) and, for a refusal, `refused` (what was refused); a result over the byte caps
 * fails with `whole: true` (its message names no line).
 *
 * With `explainLast`, every statement but the last runs as above, and the last (judged by the same
 * rule first) is not run: SQLite's EXPLAIN QUERY PLAN of it is read instead, as the last result
 * (columns id, parent, notused, detail), so a lesson shows the plan after its CREATE INDEX. Only
 * this flag puts EXPLAIN QUERY PLAN before a learner's statement, never before a refused one.
 */
export function runLabStatements(engine: LabEngine, db: LabDatabase, text: string, rules: LabRules, explainLast = false): LabResult[] {
  const { handleKey, caps, refusal } = rules;
  const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
  const results: LabResult[] = [];
  let bytesRead = 0;
  // A size failure is about the whole result, not a statement's line.
  const tooLarge = (message: string) => Object.assign(new Error(message), { whole: true });
  // Where the next statement's first token is, past white space, comments and empty statements (`;`).
  const tokenAt = (sql: string) => pastBlanks(sql, 0, true);
  const statements = db.iterateStatements(text);
  for (;;) {
    const remaining = statements.getRemainingSQL();
    const offset = text.length - remaining.length;
    let explained: (LabStatement & { free(): boolean }) | null = null;
    try {
      const refused = refusal(remaining);
      if (refused !== null) throw Object.assign(new Error(refused), { refused });
      const step = statements.next();
      if (step.done) return results;
      let statement = step.value;
      const last = explainLast && tokenAt(statements.getRemainingSQL()) === statements.getRemainingSQL().length;
      if (last) {
        // The statement was judged above; its plan is prepared from its own text (an EXPLAIN the
        // learner wrote dropped, so it is not doubled), judged again with EXPLAIN in front.
        const own = statement.getSQL();
        const planSql = `EXPLAIN QUERY PLAN ${own.slice(tokenAt(own)).replace(/^EXPLAIN\s+(QUERY\s+PLAN\s+)?/i, '')}`;
        const planRefused = refusal(planSql);
        if (planRefused !== null) throw Object.assign(new Error(planRefused), { refused: planRefused });
        explained = db.prepare(planSql);
        statement = explained;
      }
      const handle = (statement as unknown as Record<string, number>)[handleKey] as number;
      const columns = statement.getColumnNames();
      const rows: unknown[][] = [];
      while (statement.step()) {
        if (rows.length >= caps.rows) throw new Error(`the result has more than ${caps.rows} rows`);
        for (let i = 0; i < columns.length; i += 1) {
          const type = engine._sqlite3_column_type(handle, i);
          // TEXT (3) and BLOB (4) are sized as stored; a number or NULL costs a few bytes.
          const bytes = type === 3 || type === 4 ? engine._sqlite3_column_bytes(handle, i) : 8;
          if (bytes > caps.valueBytes) throw tooLarge(`A value in your result is too large (over ${megabytes(caps.valueBytes)}).`);
          bytesRead += bytes;
          if (bytesRead > caps.totalBytes) throw tooLarge(`Your result is too large (over ${megabytes(caps.totalBytes)}); add a LIMIT.`);
        }
        rows.push(statement.get());
      }
      if (explained) {
        statements.return?.();
        return [...results, { columns, rows }];
      }
      if (columns.length > 0) results.push({ columns, rows });
    } catch (error) {
      statements.return?.(); // frees the statement and the copy of the text (sql.js does not on a failed step)
      const failure = error instanceof Error ? error : new Error(String(error));
      throw Object.assign(failure, { offset });
    } finally {
      explained?.free();
    }
  }
}

/**
 * Makes a fresh copy (or the database a sandbox is built in) behave as the lessons teach: foreign
 * keys enforced (SQLite's per-connection switch, lost on every copy), and its file capped in pages
 * so one run cannot grow it without end.
 */
export function prepareLabDatabase(db: LabDatabase, maxPages: number): void {
  db.exec(`PRAGMA foreign_keys = ON; PRAGMA max_page_count = ${Math.floor(maxPages)}; PRAGMA temp_store = MEMORY`);
}
