/**
 * A learner's PostgreSQL text, statement by statement. Each statement is sent alone through the
 * extended query protocol, which refuses more than one command ("cannot insert multiple commands
 * into a prepared statement"): a statement this splitter got wrong fails as a syntax error, it can
 * never hide a second one. So the rule below, which reads only a statement's leading words, reads
 * the command PostgreSQL will run.
 */

/** One statement: its text (no trailing `;`) and where it starts in the whole text. */
export interface PgStatement {
  sql: string;
  offset: number;
}

const IDENTIFIER_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** Where the quoted text, comment or dollar-quoted body starting at `at` ends (or `at` if none starts there). */
function skipQuoted(text: string, at: number): number {
  const char = text.charAt(at);
  const next = text.charAt(at + 1);
  if (char === '-' && next === '-') {
    const end = text.indexOf('\n', at);
    return end === -1 ? text.length : end + 1;
  }
  if (char === '/' && next === '*') {
    // PostgreSQL's block comments nest.
    let depth = 1;
    let i = at + 2;
    while (i < text.length && depth > 0) {
      const step = text.startsWith('/*', i) ? 1 : text.startsWith('*/', i) ? -1 : 0;
      depth += step;
      i += step === 0 ? 1 : 2;
    }
    return i;
  }
  if (char === "'" || char === '"') {
    // E'…' strings take backslash escapes; '' (or "") is the quote itself in both.
    const escapes = char === "'" && /[eE]/.test(text.charAt(at - 1)) && !IDENTIFIER_CHAR.test(text.charAt(at - 2));
    let i = at + 1;
    while (i < text.length) {
      const c = text.charAt(i);
      if (escapes && c === '\\') i += 2;
      else if (c === char && text.charAt(i + 1) === char) i += 2;
      else if (c === char) return i + 1;
      else i += 1;
    }
    return text.length;
  }
  if (char === '$' && !IDENTIFIER_CHAR.test(text.charAt(at - 1))) {
    const tag = DOLLAR_TAG.exec(text.slice(at, at + 64))?.[0];
    if (tag) {
      const end = text.indexOf(tag, at + tag.length);
      return end === -1 ? text.length : end + tag.length;
    }
  }
  return at;
}

/** The statements of `text`, without empty ones (white space, comments, stray `;`). */
export function splitPgStatements(text: string): PgStatement[] {
  const statements: PgStatement[] = [];
  let start = 0;
  const push = (end: number) => {
    const sql = text.slice(start, end);
    if (leadingWords(sql, 1).length > 0) statements.push({ sql, offset: start });
  };
  let i = 0;
  while (i < text.length) {
    const skipped = skipQuoted(text, i);
    if (skipped !== i) {
      i = skipped;
    } else if (text.charAt(i) === ';') {
      push(i);
      i += 1;
      start = i;
    } else {
      i += 1;
    }
  }
  push(text.length);
  return statements;
}

/** The first `count` words of a statement, upper-cased, past white space and comments. */
export function leadingWords(sql: string, count: number): string[] {
  const words: string[] = [];
  let at = 0;
  while (words.length < count && at < sql.length) {
    const skipped = skipQuoted(sql, at);
    const char = sql.charAt(at);
    if (skipped !== at) {
      // A "quoted name" is a word (settings are found whatever their case); a string ends the words.
      if (char === '"') words.push(sql.slice(at + 1, skipped - 1).replaceAll('""', '"').toUpperCase());
      else if (char === "'" || char === '$') break;
      at = skipped;
    } else if (/\s/.test(char)) {
      at += 1;
    } else {
      const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(at))?.[0];
      if (!word) break;
      words.push(word.toUpperCase());
      at += word.length;
    }
  }
  return words;
}

/**
 * Settings a run may not change: the lab's limits (the server's config and the role's defaults set
 * them; a learner may not lift them). A run that lifts one another way (dynamic SQL) still loses
 * its connection at its time limit.
 */
const PROTECTED_SETTINGS = new Set([
  'STATEMENT_TIMEOUT',
  'LOCK_TIMEOUT',
  'IDLE_IN_TRANSACTION_SESSION_TIMEOUT',
  'IDLE_SESSION_TIMEOUT',
  'TRANSACTION_TIMEOUT',
  'WORK_MEM',
  'HASH_MEM_MULTIPLIER',
  'MAINTENANCE_WORK_MEM',
  'TEMP_BUFFERS',
  'CLIENT_CONNECTION_CHECK_INTERVAL',
]);

/** Commands that end the run's transaction, outlive it or reach other sessions. */
const REFUSED_COMMANDS = new Set(['BEGIN', 'START', 'COMMIT', 'END', 'ABORT', 'PREPARE', 'LISTEN', 'UNLISTEN', 'NOTIFY', 'DISCARD', 'COPY', 'CHECKPOINT', 'LOAD']);

/**
 * Why a statement may not run in the PostgreSQL lab (what to name: "COMMIT", "SET work_mem"), or
 * null. Only what the server would let through, or would let end the attempt's transaction, is
 * refused here; everything else (files and programs, other roles, extensions, VACUUM, CREATE
 * DATABASE, advisory locks, signalling backends) is refused by the server itself: by the lab
 * role's privileges, or because it cannot run in a transaction (docs/decisions/0028).
 */
export function pgStatementRefusal(sql: string): string | null {
  const [first = '', second = '', third = ''] = leadingWords(sql, 3);
  if (first === 'ROLLBACK') return second === 'TO' ? null : 'ROLLBACK';
  if (REFUSED_COMMANDS.has(first)) return first === 'PREPARE' && second === 'TRANSACTION' ? 'PREPARE TRANSACTION' : first;
  if (first === 'SET' || first === 'RESET') {
    const name = second === 'LOCAL' || second === 'SESSION' ? third : second;
    if (PROTECTED_SETTINGS.has(name)) return `${first} ${name.toLowerCase()}`;
  }
  if (first === 'DECLARE' && /\bWITH\s+HOLD\b/i.test(sql)) return 'DECLARE … WITH HOLD';
  return null;
}

/**
 * A learner's own transaction control, which graded state checks run as savepoints inside the
 * attempt's transaction (issue 32): BEGIN / START TRANSACTION opens, COMMIT / END closes, a bare
 * ROLLBACK / ABORT undoes; null for any other statement.
 */
export function learnerTransactionControl(sql: string): 'begin' | 'commit' | 'rollback' | null {
  const [first = '', second = ''] = leadingWords(sql, 2);
  if (first === 'BEGIN' || (first === 'START' && second === 'TRANSACTION')) return 'begin';
  if ((first === 'COMMIT' && second !== 'PREPARED') || first === 'END') return 'commit';
  if ((first === 'ROLLBACK' || first === 'ABORT') && second !== 'TO') return 'rollback';
  return null;
}

/** Commands that only read (EXPLAIN ANALYZE of a read too). */
const READING_COMMANDS = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE', 'SHOW', 'EXPLAIN']);
/** Words that may write, lock rows or create, anywhere in a statement (a data-modifying CTE, SELECT … INTO, FOR UPDATE, a sequence). */
const MAY_WRITE = /\b(?:INSERT|UPDATE|DELETE|MERGE|INTO|LOCK|NEXTVAL|SETVAL|FOR\s+(?:SHARE|NO\s+KEY|KEY))\b/i;

/**
 * Whether every statement of `text` plainly only reads, so that a query check's attempt may run on
 * the committed template, read-only (decision 0042). A choice of speed, not a guard: anything else
 * (writes, DDL, SET, FOR UPDATE, even a string that says "update") runs on a copy of its own, as
 * before, so its verdict is the same; a read-only template and the lab role's SELECT-only rights
 * refuse whatever a statement misjudged here tries.
 */
export function readsOnly(text: string): boolean {
  const statements = splitPgStatements(text);
  return statements.length > 0 && statements.every(({ sql }) => READING_COMMANDS.has(leadingWords(sql, 1)[0] ?? '') && !MAY_WRITE.test(sql));
}
