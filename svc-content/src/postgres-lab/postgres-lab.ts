import { atLine, refusedAt, SQL_RESULT_BYTE_CAPS, SQL_RESULT_ROW_CAP, SQL_TIME_LIMIT_MS, statementLine, type SqlValue } from '@dblearn/contracts';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { pgStatementRefusal, splitPgStatements } from './pg-statements.js';

/** One statement's result that has columns (as the SQLite lab's runLabStatements gives them). */
export interface PgLabResult {
  columns: string[];
  rows: SqlValue[][];
}

/** What a run answers: the result of every statement that returned columns, in order. */
export interface PgLabRun {
  results: PgLabResult[];
}

/** A statement refused, failed, too large a result or too long a run: the learner's to fix (a 4xx). */
export class PostgresLabFailure extends Error {
  constructor(
    message: string,
    /** Which text failed: the course's sandbox script, or the statements run on it. */
    readonly source: 'sandbox' | 'statements',
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'PostgresLabFailure';
  }
}

export const POSTGRES_LAB_UNAVAILABLE = 'The PostgreSQL lab is unavailable; SQLite still works.';
export const POSTGRES_LAB_BUSY = 'The PostgreSQL lab is busy; try again in a moment.';

/** The server is down, unreachable or going away (a 503); the SQLite lab and the rest are not concerned. */
export class PostgresLabUnavailable extends Error {
  constructor(message = POSTGRES_LAB_UNAVAILABLE) {
    super(message);
    this.name = 'PostgresLabUnavailable';
  }
}

export interface PostgresLabOptions {
  /** Connections at once (each runs one attempt). */
  poolSize?: number;
  /** Attempts waiting for a connection beyond which a new one is refused as busy. */
  maxWaiting?: number;
  /** A run (sandbox and statements) past this loses its connection, whatever it set. */
  timeLimitMs?: number;
}

const CAPS = { rows: SQL_RESULT_ROW_CAP, ...SQL_RESULT_BYTE_CAPS };
/** Rows fetched per round trip: a result past the row cap is never read whole. */
const BATCH_ROWS = 500;
/** A run's time: the statement_timeout the server sets for one statement, and as much for the sandbox and the rest. */
export const POSTGRES_RUN_TIME_LIMIT_MS = 2 * SQL_TIME_LIMIT_MS;

/** int2, int4, oid, float4, float8: numbers, as SQLite's are. */
const NUMBER_TYPES = new Set([21, 23, 26, 700, 701]);
const INT8 = 20;
const NUMERIC = 1700;
/** Significant digits a double always holds exactly. */
const EXACT_DIGITS = 15;

/** numeric as a number when a double holds it (avg() gives "1.5000000000000000"); else PostgreSQL's text. */
function numericValue(text: string): SqlValue {
  const digits = text.replace(/^-/, '').replace(/\.?0+$/, '').replace('.', '').replace(/^0+/, '');
  const value = Number(text);
  return Number.isFinite(value) && digits.length <= EXACT_DIGITS ? value : text;
}

/** Every other type as PostgreSQL prints it (dates, booleans as t/f, json, arrays, bytea as \x…). */
const labTypes = {
  getTypeParser: (oid: number) => {
    if (NUMBER_TYPES.has(oid)) return (text: string) => Number(text);
    if (oid === INT8) return (text: string) => (Number.isSafeInteger(Number(text)) ? Number(text) : text);
    if (oid === NUMERIC) return numericValue;
    return (text: string) => text;
  },
} as unknown as pg.CustomTypesConfig;

/** SQLSTATE classes of a connection that failed or a server going away (08, 57P) rather than a statement. */
function isServerGone(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== 'string') return true;
  return code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300';
}

function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

/** A failure about the whole result (no line), as the SQLite lab words it. */
class ResultTooLarge extends Error {}

/** One statement through the extended protocol, its rows read in batches and capped while they come. */
function runStatement(client: pg.PoolClient, sql: string, budget: { bytes: number }): Promise<PgLabResult | null> {
  return new Promise((resolve, reject) => {
    const cursor = client.query(new Cursor<SqlValue[]>(sql, undefined, { rowMode: 'array', types: labTypes }));
    const rows: SqlValue[][] = [];
    const fail = (error: Error) => cursor.close(() => reject(error));
    const readMore = () => {
      cursor.read(BATCH_ROWS, (error, batch, result) => {
        if (error) return reject(error);
        for (const row of batch) {
          if (rows.length >= CAPS.rows) return fail(new ResultTooLarge(`The result has more than ${CAPS.rows} rows; add a LIMIT.`));
          for (const value of row) {
            const bytes = typeof value === 'string' ? Buffer.byteLength(value) : 8;
            if (bytes > CAPS.valueBytes) return fail(new ResultTooLarge(`A value in your result is too large (over ${megabytes(CAPS.valueBytes)}).`));
            budget.bytes += bytes;
            if (budget.bytes > CAPS.totalBytes) return fail(new ResultTooLarge(`Your result is too large (over ${megabytes(CAPS.totalBytes)}); add a LIMIT.`));
          }
          rows.push(row);
        }
        if (batch.length === BATCH_ROWS) return readMore();
        const columns = (result?.fields ?? []).map((field) => field.name);
        cursor.close(() => resolve(columns.length > 0 ? { columns, rows } : null));
      });
    };
    readMore();
  });
}

/**
 * The PostgreSQL lab (issue 32; docs/decisions/0028): runs a sandbox script and a learner's
 * statements on a real server, in one transaction that is always rolled back, in a schema of its own
 * (lab_admin.begin_attempt()) as the lab role, which has no rights beyond that schema. One
 * connection per attempt from a bounded pool; a run past its time limit loses its connection (the
 * server ends the backend within a second: client_connection_check_interval).
 */
export class PostgresLab {
  private readonly pool: pg.Pool;
  private readonly maxWaiting: number;
  private readonly timeLimitMs: number;

  constructor(url: string, options: PostgresLabOptions = {}) {
    this.maxWaiting = options.maxWaiting ?? 32;
    this.timeLimitMs = options.timeLimitMs ?? POSTGRES_RUN_TIME_LIMIT_MS;
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 4,
      // A connection waited for longer than this is "busy": the gateway waits 2 × 2 s + 3 s for the answer.
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
      application_name: 'dblearn-lab',
    });
    // A connection the server dropped (a restart, a kill): an idle one is replaced by the pool, one in
    // use fails its attempt as "unavailable". The event itself is no news, and unheard it would crash.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /** The sandbox script (if any) then `statements`, each judged before it runs; throws PostgresLabFailure or PostgresLabUnavailable. */
  async run(request: { sandbox?: string | null; statements: string }): Promise<PgLabRun> {
    if (this.pool.waitingCount >= this.maxWaiting) throw new PostgresLabUnavailable(POSTGRES_LAB_BUSY);
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      throw new PostgresLabUnavailable();
    }
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new PostgresLabFailure(`Your query ran longer than ${this.timeLimitMs / 1000} s and was stopped.`, 'statements', null));
      }, this.timeLimitMs);
    });
    const attempt = this.attempt(client, request);
    // Settled either way, so a late rejection of the abandoned attempt is never unhandled.
    attempt.catch(() => undefined);
    try {
      const outcome = await Promise.race([attempt, overrun]);
      client.release();
      return outcome;
    } catch (error) {
      // A connection that overran, broke or may still be in its transaction is never reused.
      client.release(true);
      if (timedOut || error instanceof PostgresLabFailure) throw error;
      throw new PostgresLabUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async attempt(client: pg.PoolClient, request: { sandbox?: string | null; statements: string }): Promise<PgLabRun> {
    await client.query('BEGIN');
    try {
      const { rows } = await client.query<{ copy: string }>('SELECT lab_admin.begin_attempt() AS copy');
      await client.query(`SET LOCAL search_path = ${client.escapeIdentifier(rows[0]!.copy)}`);
      if (request.sandbox) await this.runText(client, request.sandbox, 'sandbox');
      return { results: await this.runText(client, request.statements, 'statements') };
    } finally {
      await client.query('ROLLBACK');
    }
  }

  private async runText(client: pg.PoolClient, text: string, source: 'sandbox' | 'statements'): Promise<PgLabResult[]> {
    const results: PgLabResult[] = [];
    const budget = { bytes: 0 };
    for (const statement of splitPgStatements(text)) {
      const line = statementLine(text, statement.offset);
      const refused = pgStatementRefusal(statement.sql);
      if (refused !== null) throw new PostgresLabFailure(refusedAt(refused, line), source, line);
      try {
        const result = await runStatement(client, statement.sql, budget);
        if (result) results.push(result);
      } catch (error) {
        if (error instanceof ResultTooLarge) throw new PostgresLabFailure(error.message, source, null);
        if (isServerGone(error)) throw error;
        throw new PostgresLabFailure(atLine(line, messageOf(error)), source, line);
      }
    }
    return results;
  }
}

/** PostgreSQL's message, a statement timeout said as the SQLite lab says it, and a long quoted token cut. */
function messageOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '57014') return `Your query ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
  return String(message).replace(/"([^"]{40})[^"]{8,}"/g, '"$1…"').slice(0, 500);
}
