import { SQL_RESULT_BYTE_CAPS, SQL_RESULT_ROW_CAP, SQL_TIME_LIMIT_MS, type SqlValue } from '@dblearn/contracts';
import { atLine, refusedAt, statementLine } from '@dblearn/lab';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { PgTemplates } from './pg-templates.js';
import { type RunawayQuarantine, type RunawayWatch, watchBackend } from './runaway-quarantine.js';
import { learnerTransactionControl, pgStatementRefusal, splitPgStatements } from './pg-statements.js';

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
    /** The run reached its time limit (its connection was dropped). */
    readonly timedOut = false,
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
  /**
   * POSTGRES_AUTHOR_URL (decision 0042): with it, read-only attempts run on committed template
   * schemas (PgTemplates) instead of loading their sandbox, the hidden phase on a pool of its own
   * as dblearn_lab_hidden (the lab URL's password); without it every attempt loads its copy.
   */
  authorUrl?: string;
  /** Connections of the hidden phase's pool (with authorUrl). */
  hiddenPoolSize?: number;
  /** Where a backend that runs away goes (openRunawayQuarantine), and when it counts as one; none by default. */
  quarantine?: RunawayQuarantine | null;
  runawayWatch?: RunawayWatch;
  /**
   * How long an attempt waits for a connection (a free one, or a new one opened) before it is
   * answered busy: 2 s, since the gateway waits 2 × 2 s + 3 s for the answer. Specs on a box loaded
   * by other suites give it longer, so a slow fork of a backend is not read as a refusal.
   */
  connectionTimeoutMs?: number;
}

/**
 * An attempt still running after 100 ms is looked at every 50 ms, and held once it has spent 30 ms
 * of CPU since the first look. Attempts take a few ms of the server's CPU (p99 under 50 ms at 800
 * req/s), so only a query that really computes is held; one that waits (a lock, pg_sleep, a busy
 * box) is not. A runaway (up to POSTGRES_RUN_TIME_LIMIT_MS) runs nearly all its time held.
 */
export const RUNAWAY_WATCH: RunawayWatch = { firstLookMs: 100, everyMs: 50, heavyCpuMs: 30 };

/** The role whose sessions alone may read hidden templates (deploy/postgres/lab-roles.sql). */
export const LAB_HIDDEN_ROLE = 'dblearn_lab_hidden';

/** A template dropped since it was made (another instance pruned it): make it again and retry. */
export class TemplateGone extends PostgresLabUnavailable {
  constructor(readonly schema: string) {
    super();
    this.name = 'TemplateGone';
  }
}

/** The lab URL as another login role with the same password (the hidden phase's role). */
export function urlAsRole(url: string, role: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(role);
  return parsed.toString();
}

const CAPS = { rows: SQL_RESULT_ROW_CAP, ...SQL_RESULT_BYTE_CAPS };
/** Rows fetched per round trip: a result past the row cap is never read whole. */
const BATCH_ROWS = 500;
/** A run's time: the statement_timeout the server sets for one statement, and as much for the sandbox and the rest. */
export const POSTGRES_RUN_TIME_LIMIT_MS = 2 * SQL_TIME_LIMIT_MS;
/**
 * Connections of svc-content's lab pool, and of the hidden phase's. A template attempt holds its
 * connection for a few ms of the server's CPU: more connections than that on a 2-core box only
 * queue inside PostgreSQL; the server's max_connections (40) leaves room for two instances and tests.
 */
export const POSTGRES_POOL_SIZE = 8;
export const POSTGRES_HIDDEN_POOL_SIZE = 4;

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
  private readonly hiddenPool: pg.Pool | null;
  private readonly maxWaiting: number;
  private readonly timeLimitMs: number;
  private readonly poolSizes = new Map<pg.Pool, number>();
  private readonly quarantine: RunawayQuarantine | null;
  private readonly runawayWatch: RunawayWatch;
  /** The template schemas' maker (null without POSTGRES_AUTHOR_URL: every attempt loads its copy). */
  readonly templates: PgTemplates | null;

  constructor(url: string, options: PostgresLabOptions = {}) {
    this.maxWaiting = options.maxWaiting ?? 32;
    this.timeLimitMs = options.timeLimitMs ?? POSTGRES_RUN_TIME_LIMIT_MS;
    this.quarantine = options.quarantine ?? null;
    this.runawayWatch = options.runawayWatch ?? RUNAWAY_WATCH;
    const connectionTimeoutMs = options.connectionTimeoutMs ?? 2_000;
    this.pool = this.newPool(url, options.poolSize ?? POSTGRES_POOL_SIZE, connectionTimeoutMs);
    this.hiddenPool = options.authorUrl ? this.newPool(urlAsRole(url, LAB_HIDDEN_ROLE), options.hiddenPoolSize ?? POSTGRES_HIDDEN_POOL_SIZE, connectionTimeoutMs) : null;
    this.templates = options.authorUrl ? new PgTemplates(options.authorUrl) : null;
  }

  private newPool(url: string, size: number, connectionTimeoutMillis: number): pg.Pool {
    const pool = new pg.Pool({
      connectionString: url,
      max: size,
      connectionTimeoutMillis,
      idleTimeoutMillis: 30_000,
      application_name: 'dblearn-lab',
    });
    // A connection the server dropped (a restart, a kill): an idle one is replaced by the pool, one in
    // use fails its attempt as "unavailable". The event itself is no news, and unheard it would crash.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    this.poolSizes.set(pool, size);
    return pool;
  }

  /** The sandbox script (if any) then `statements`, each judged before it runs; throws PostgresLabFailure or PostgresLabUnavailable. */
  run(request: { sandbox?: string | null; statements: string }): Promise<PgLabRun> {
    return this.session(async (session) => {
      await session.newCopy();
      if (request.sandbox) await session.run(request.sandbox, { source: 'sandbox' });
      return { results: await session.run(request.statements) };
    });
  }

  /** `statements` on a copy loaded from a prepared, trusted script (one round trip: PostgresGrader's visible script). */
  runPrepared(script: string, statements: string): Promise<PgLabRun> {
    return this.session(async (session) => {
      await session.newCopy(script);
      return { results: await session.run(statements) };
    });
  }

  /**
   * One transaction on one connection of the pool, always rolled back, in which `use` makes copies
   * and runs statements (the grader's way in: several copies and savepoints in one attempt). Past
   * the time limit the connection is dropped and PostgresLabFailure (timedOut) thrown; a server gone
   * throws PostgresLabUnavailable.
   */
  session<T>(use: (session: PgSession) => Promise<T>, timeLimitMs = this.timeLimitMs): Promise<T> {
    return this.onPool(this.pool, (client) => inTransaction(client, use), timeLimitMs);
  }

  /**
   * `use` on the committed template `schema` (PgTemplates), as the lab role (`visible`) or the
   * hidden role: a transaction begun READ ONLY whatever the session's characteristics, the template
   * its search path, always rolled back; it makes no copies. Throws TemplateGone when the schema was
   * dropped since, else as session().
   */
  onTemplate<T>(schema: string, reader: 'visible' | 'hidden', use: (session: PgSession) => Promise<T>): Promise<T> {
    const pool = reader === 'hidden' ? this.hiddenPool : this.pool;
    if (!pool) throw new Error('onTemplate needs the lab made with authorUrl');
    return this.onPool(pool, (client) => inTransaction(client, use, schema), this.timeLimitMs);
  }

  private async onPool<T>(pool: pg.Pool, attemptOn: (client: pg.PoolClient) => Promise<T>, timeLimitMs: number): Promise<T> {
    if (pool.waitingCount >= this.maxWaiting) throw new PostgresLabUnavailable(POSTGRES_LAB_BUSY);
    let client: pg.PoolClient;
    const saturated = () => pool.totalCount >= (this.poolSizes.get(pool) ?? 0) && pool.idleCount === 0;
    try {
      client = await pool.connect();
    } catch {
      // Waited the whole time-out while every connection ran another attempt: busy, not down.
      throw new PostgresLabUnavailable(saturated() ? POSTGRES_LAB_BUSY : POSTGRES_LAB_UNAVAILABLE);
    }
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    // Held backends never go back to the pool: a new attempt gets a connection of full weight.
    let held = false;
    const pid = (client as unknown as { processID: number | null }).processID;
    const stopWatching = this.quarantine && pid ? watchBackend(pid, this.quarantine, this.runawayWatch, () => (held = true)) : undefined;
    const overrun = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        timedOut = true;
        reject(new PostgresLabFailure(`Your query ran longer than ${timeLimitMs / 1000} s and was stopped.`, 'statements', null, true));
      }, timeLimitMs);
    });
    const attempt = attemptOn(client);
    // Settled either way, so a late rejection of the abandoned attempt is never unhandled.
    attempt.catch(() => undefined);
    try {
      const outcome = await Promise.race([attempt, overrun]);
      stopWatching?.();
      client.release(held);
      return outcome;
    } catch (error) {
      // A connection that overran, broke or may still be in its transaction is never reused.
      client.release(true);
      if (timedOut || error instanceof PostgresLabFailure || error instanceof TemplateGone) throw error;
      throw new PostgresLabUnavailable();
    } finally {
      clearTimeout(timer);
      stopWatching?.();
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.end(), this.hiddenPool?.end(), this.templates?.close()]);
  }
}

/** Options of a run of text in a session. */
export interface PgRunOptions {
  /** Which text it is (how a failure is told); `statements` (the learner's) by default. */
  source?: 'sandbox' | 'statements';
  /**
   * A state check's statements: BEGIN/COMMIT/ROLLBACK become savepoints of the attempt's transaction
   * (a transaction left open is rolled back at the end, as when a session ends without COMMIT).
   */
  learnerTransactions?: boolean;
  /** Each statement in a savepoint of its own: a failure undoes that statement only, and the run stops there without throwing (the atomicity run). */
  stopAtFailure?: boolean;
}

/** What a grader does inside PostgresLab.session(): copies, learner text and its own trusted SQL. */
export interface PgSession {
  /** A fresh schema of the attempt (lab_admin.begin_attempt()), made the search path, with `script` (trusted course content, already checked) loaded in one round trip. */
  newCopy(script?: string): Promise<string>;
  /** Statements one by one, each judged before it runs (refusals, caps); the results that have columns. */
  run(text: string, options?: PgRunOptions): Promise<PgLabResult[]>;
  /** The grader's own SQL (no refusals), its rows as the lab reads values; a failure is a PostgresLabFailure. */
  query(sql: string, values?: unknown[]): Promise<PgLabResult>;
  /** `work` inside a savepoint rolled back afterwards, whatever it did (a phase, a look). */
  undone<T>(work: () => Promise<T>): Promise<T>;
  /** `work` inside a savepoint kept when it succeeds and undone when it fails (a probe: the next one sees what it did, as on SQLite). */
  keptIfDone<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * The attempt's transaction: on a copy of its own (newCopy), or on a committed `template`. A
 * template's transaction is begun READ ONLY explicitly (a learner's SET SESSION CHARACTERISTICS is
 * undone by the previous attempt's rollback anyway), and its first query takes the snapshot, so
 * a learner's SET TRANSACTION READ WRITE comes too late ("must be called before any query").
 */
async function inTransaction<T>(client: pg.PoolClient, use: (session: PgSession) => Promise<T>, template?: string): Promise<T> {
  if (template === undefined) await client.query('BEGIN');
  else {
    const replies = (await client.query(
      `BEGIN READ ONLY; SET LOCAL search_path = ${client.escapeIdentifier(template)}; SELECT to_regnamespace(${client.escapeLiteral(client.escapeIdentifier(template))}) IS NOT NULL AS present`,
    )) as unknown as pg.QueryResult<{ present: boolean }>[];
    if (!replies[2]?.rows[0]?.present) {
      await client.query('ROLLBACK');
      throw new TemplateGone(template);
    }
  }
  let savepoints = 0;
  const session: PgSession = {
    newCopy: async (script) => {
      if (template !== undefined) throw new Error('A template session makes no copies.');
      const { rows } = await client.query<{ copy: string }>('SELECT lab_admin.begin_attempt() AS copy');
      const copy = rows[0]!.copy;
      await client.query(`SET LOCAL search_path = ${client.escapeIdentifier(copy)}`);
      if (script) await trusted(client, script, 'sandbox');
      return copy;
    },
    run: (text, options = {}) => runText(client, text, options),
    query: (sql, values) => trusted(client, sql, 'statements', values),
    keptIfDone: async (work) => {
      const name = `grader_step_${++savepoints}`;
      await trusted(client, `SAVEPOINT ${name}`, 'statements');
      try {
        const done = await work();
        await trusted(client, `RELEASE SAVEPOINT ${name}`, 'statements');
        return done;
      } catch (error) {
        await trusted(client, `ROLLBACK TO SAVEPOINT ${name}`, 'statements');
        throw error;
      }
    },
    undone: async (work) => {
      const name = `grader_look_${++savepoints}`;
      await trusted(client, `SAVEPOINT ${name}`, 'statements');
      try {
        return await work();
      } finally {
        await trusted(client, `ROLLBACK TO SAVEPOINT ${name}`, 'statements');
      }
    },
  };
  try {
    return await use(session);
  } finally {
    await client.query('ROLLBACK');
  }
}

/** Trusted SQL in one round trip (the simple protocol takes several commands); a statement's failure is a PostgresLabFailure. */
async function trusted(client: pg.PoolClient, sql: string, source: 'sandbox' | 'statements', values?: unknown[]): Promise<PgLabResult> {
  try {
    const result = await client.query({ text: sql, values, rowMode: 'array', types: labTypes });
    const last = Array.isArray(result) ? (result[result.length - 1] as pg.QueryResult | undefined) : result;
    return { columns: (last?.fields ?? []).map((field) => field.name), rows: (last?.rows ?? []) as SqlValue[][] };
  } catch (error) {
    if (isServerGone(error)) throw error;
    throw new PostgresLabFailure(messageOf(error), source, null);
  }
}

/** The savepoint that stands for a learner's own BEGIN … COMMIT. */
const LEARNER_TRANSACTION = 'learner_transaction';

async function runText(client: pg.PoolClient, text: string, { source = 'statements', learnerTransactions = false, stopAtFailure = false }: PgRunOptions): Promise<PgLabResult[]> {
  const results: PgLabResult[] = [];
  const budget = { bytes: 0 };
  let open = false;
  for (const statement of splitPgStatements(text)) {
    const line = statementLine(text, statement.offset);
    const control = learnerTransactions ? learnerTransactionControl(statement.sql) : null;
    if (control !== null) {
      if (control === 'begin' && !open) await trusted(client, `SAVEPOINT ${LEARNER_TRANSACTION}`, 'statements');
      else if (control === 'commit' && open) await trusted(client, `RELEASE SAVEPOINT ${LEARNER_TRANSACTION}`, 'statements');
      else if (control === 'rollback' && open) await trusted(client, `ROLLBACK TO SAVEPOINT ${LEARNER_TRANSACTION}; RELEASE SAVEPOINT ${LEARNER_TRANSACTION}`, 'statements');
      open = control === 'begin' || (open && control !== 'commit' && control !== 'rollback');
      continue;
    }
    const refused = pgStatementRefusal(statement.sql);
    if (refused !== null) throw new PostgresLabFailure(refusedAt(refused, line), source, line);
    if (stopAtFailure) await trusted(client, 'SAVEPOINT grader_statement', 'statements');
    try {
      const result = await runStatement(client, statement.sql, budget);
      if (result) results.push(result);
      if (stopAtFailure) await trusted(client, 'RELEASE SAVEPOINT grader_statement', 'statements');
    } catch (error) {
      if (error instanceof ResultTooLarge) throw new PostgresLabFailure(error.message, source, null);
      if (isServerGone(error)) throw error;
      if (!stopAtFailure) throw new PostgresLabFailure(atLine(line, messageOf(error)), source, line);
      await trusted(client, 'ROLLBACK TO SAVEPOINT grader_statement', 'statements');
      break;
    }
  }
  // Left open: rolled back, as a session that ends without COMMIT.
  if (open) await trusted(client, `ROLLBACK TO SAVEPOINT ${LEARNER_TRANSACTION}; RELEASE SAVEPOINT ${LEARNER_TRANSACTION}`, 'statements');
  return results;
}

/** PostgreSQL's message, a statement timeout said as the SQLite lab says it, and a long quoted token cut. */
function messageOf(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  if (code === '57014') return `Your query ran longer than ${SQL_TIME_LIMIT_MS / 1000} s and was stopped.`;
  return String(message).replace(/"([^"]{40})[^"]{8,}"/g, '"$1…"').slice(0, 500);
}
