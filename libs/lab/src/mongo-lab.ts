/**
 * The NoSQL labs (docs/api-contract.md "Runnable SQL"): a course's JSON sandbox and the one query a
 * ```mongo block holds. The server checks sandboxes and the demo examples with these; the browser
 * parses a learner's query with them before mingo runs it. Arguments are strict JSON, read with
 * JSON.parse: nothing a learner writes is ever evaluated as code.
 */
import { atLine, lineAt } from './lab-text.js';

/** A collection name the `db.<collection>.find(…)` syntax can name. */
export const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** A parsed JSON sandbox: collection name → its documents. */
export type MongoCollections = Record<string, Record<string, unknown>[]>;

export type JsonObject = Record<string, unknown>;

export type MongoQuery =
  | { kind: 'find'; collection: string; filter: JsonObject; projection?: JsonObject; sort?: Record<string, 1 | -1>; skip?: number; limit?: number }
  | { kind: 'aggregate'; collection: string; pipeline: JsonObject[] };

/** Why a lab's text is refused: the message ("Line 2: …" when it has a line) and that line, for the editor to mark. */
export interface LabError {
  error: string;
  line?: number;
}

/** A refusal at `line`: the message names it, and the line comes along for the editor to mark. */
function failAt(line: number, message: string): LabError {
  return { error: atLine(line, message), line };
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where in `text` JSON.parse failed, from V8's message: "… at position 12", or for an unexpected
 * token the quoted context, where the token is the 11th character after a leading "...".
 */
export function jsonErrorOffset(text: string, message: string): number | null {
  const position = /position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  if (/Unexpected end of JSON input/.test(message)) return text.length;
  const token = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (!token) return null;
  const [, char = '', cut, context = ''] = token;
  if (!cut) return context.indexOf(char) === -1 ? null : context.indexOf(char);
  const start = text.indexOf(context);
  return start === -1 ? null : start + 10;
}

/** V8's JSON message without its position or quoted context, once the line says where. */
function plainJsonMessage(message: string): string {
  return message
    .replace(/ (?:in JSON )?at position \d+.*$/, '')
    .replace(/, (?:\.\.\.)?"[\s\S]*$/, '')
    .slice(0, 160);
}

/** JSON.parse with a syntax error's line in `whole` (`text` starts at `offsetInWhole`). */
function parseJson(text: string, offsetInWhole: number, whole: string, what: string): { value: unknown } | LabError {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const line = lineAt(whole, offsetInWhole + (jsonErrorOffset(text, message) ?? 0));
    return failAt(line, `${what} is not valid JSON (${plainJsonMessage(message)}). Keys and strings take double quotes.`);
  }
}

/**
 * Why a JSON sandbox is refused, or null: it must be one object whose keys are collection names
 * and whose values are lists of documents (plain objects). A syntax error names its line.
 */
export function mongoSandboxRefusal(source: string): string | null {
  const parsed = parseMongoSandbox(source);
  return 'error' in parsed ? parsed.error : null;
}

/** The sandbox's collections, or why it is refused. */
export function parseMongoSandbox(source: string): { collections: MongoCollections } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(source, message);
    if (offset === null) return { error: `the sandbox is not valid JSON (${message.slice(0, 200)}).` };
    return { error: atLine(lineAt(source, offset), `the sandbox is not valid JSON (${plainJsonMessage(message)}).`) };
  }
  if (!isObject(parsed)) return { error: 'The sandbox must be a JSON object of collections: {"books": [{…}, …]}.' };
  const collections = Object.entries(parsed);
  if (collections.length === 0) return { error: 'The sandbox must hold at least one collection.' };
  for (const [name, documents] of collections) {
    if (!COLLECTION_NAME.test(name)) return { error: `"${name}" is not a collection name (letters, digits and _, not starting with a digit).` };
    if (!Array.isArray(documents)) return { error: `Collection "${name}" must be a list of documents.` };
    const bad = documents.findIndex((doc) => !isObject(doc));
    if (bad !== -1) return { error: `Document ${bad + 1} of "${name}" is not an object.` };
  }
  return { collections: parsed as MongoCollections };
}

/**
 * The index of the `)` that closes the `(` at `open`, skipping JSON strings, or -1. Brackets inside
 * strings do not count; nesting of (), [] and {} is tracked so `find({"a": [1, 2]})` closes right.
 */
function closingParen(text: string, open: number): number {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
  for (let i = open; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (char === '"') {
      for (i += 1; i < text.length && text.charAt(i) !== '"'; i += 1) if (text.charAt(i) === '\\') i += 1;
    } else if (char in pairs) stack.push(pairs[char] ?? '');
    else if (char === ')' || char === ']' || char === '}') {
      if (stack.pop() !== char) return -1;
      if (stack.length === 0) return char === ')' ? i : -1;
    }
  }
  return -1;
}

/** Operators that would write or run code: refused anywhere in a query (the sandbox is read-only, code is never run). */
const REFUSED_OPERATORS = new Set(['$where', '$function', '$accumulator', '$out', '$merge']);

function refusedOperator(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = refusedOperator(item);
      if (found) return found;
    }
  } else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if (REFUSED_OPERATORS.has(key)) return key;
      const found = refusedOperator(inner);
      if (found) return found;
    }
  }
  return null;
}

const HEAD = /^(\s*)db\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*\.\s*([A-Za-z_]\w*)\s*\(/;
const CHAIN = /^\s*\.\s*([A-Za-z_]\w*)\s*\(/;
const CURSOR_CALLS = ['sort', 'skip', 'limit'] as const;
const SHAPE = 'Write db.<collection>.find({…}) or db.<collection>.aggregate([…]).';

/**
 * Reads one ```mongo query: `db.<c>.find(<filter>[, <projection>])` with optional `.sort(<json>)`,
 * `.skip(<n>)`, `.limit(<n>)` in that order, or `db.<c>.aggregate([<stage>, …])`. A trailing `;` is
 * allowed. Errors name their line in the query.
 */
export function parseMongoQuery(text: string): { query: MongoQuery } | LabError {
  const head = HEAD.exec(text);
  if (!head) return failAt(lineAt(text, 0), `this is not a query the lab runs. ${SHAPE}`);
  const [matched, , collection = '', method = ''] = head;
  if (!COLLECTION_NAME.test(collection)) return failAt(lineAt(text, 0), `"${collection}" is not a collection name.`);
  if (method !== 'find' && method !== 'aggregate') return failAt(lineAt(text, (head[1] ?? '').length), `.${method}() is not supported here. ${SHAPE}`);
  const open = matched.length - 1;
  const close = closingParen(text, open);
  if (close === -1) return failAt(lineAt(text, open), `the brackets of .${method}(…) do not match.`);
  const args = parseJson(`[${text.slice(open + 1, close)}]`, open, text, `the argument of .${method}()`);
  if ('error' in args) return args;
  const values = args.value as unknown[];
  const argLine = lineAt(text, open + 1);

  let query: MongoQuery;
  let rest = text.slice(close + 1);
  let restOffset = close + 1;
  if (method === 'aggregate') {
    const [pipeline] = values;
    if (values.length !== 1 || !Array.isArray(pipeline)) return failAt(argLine, `.aggregate() takes one list of stages: [{"$match": {…}}, …].`);
    const badStage = pipeline.findIndex((stage) => !isObject(stage) || Object.keys(stage).length !== 1 || !Object.keys(stage)[0]?.startsWith('$'));
    if (badStage !== -1) return failAt(argLine, `stage ${badStage + 1} must be an object with one $-operator, such as {"$match": {…}}.`);
    query = { kind: 'aggregate', collection, pipeline: pipeline as JsonObject[] };
  } else {
    const [filter = {}, projection] = values;
    if (values.length > 2) return failAt(argLine, `.find() takes a filter and an optional projection.`);
    if (!isObject(filter)) return failAt(argLine, `the filter of .find() must be an object, such as {"year": 2001}.`);
    if (projection !== undefined && !isObject(projection)) return failAt(argLine, `the projection of .find() must be an object, such as {"title": 1}.`);
    const find: Extract<MongoQuery, { kind: 'find' }> = { kind: 'find', collection, filter, ...(projection ? { projection } : {}) };
    let after = -1;
    for (let call = CHAIN.exec(rest); call; call = CHAIN.exec(rest)) {
      const name = call[1] ?? '';
      const callLine = lineAt(text, restOffset);
      const order = CURSOR_CALLS.indexOf(name as (typeof CURSOR_CALLS)[number]);
      if (order === -1) return failAt(callLine, `.${name}() is not supported here (only .sort(), .skip() and .limit() may follow .find()).`);
      if (order <= after) return failAt(callLine, `.${name}() comes too late: write .sort(), .skip() and .limit() once each, in that order.`);
      after = order;
      const callOpen = restOffset + call[0].length - 1;
      const callClose = closingParen(text, callOpen);
      if (callClose === -1) return failAt(callLine, `the brackets of .${name}(…) do not match.`);
      const argument = parseJson(text.slice(callOpen + 1, callClose), callOpen + 1, text, `the argument of .${name}()`);
      if ('error' in argument) return argument;
      if (name === 'sort') {
        const sort = argument.value;
        if (!isObject(sort) || !Object.values(sort).every((direction) => direction === 1 || direction === -1)) return failAt(callLine, `.sort() takes an object of 1 (ascending) or -1 (descending), such as {"year": -1}.`);
        find.sort = sort as Record<string, 1 | -1>;
      } else {
        const count = argument.value;
        if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return failAt(callLine, `.${name}() takes a whole number, 0 or more.`);
        find[name as 'skip' | 'limit'] = count;
      }
      restOffset = callClose + 1;
      rest = text.slice(restOffset);
    }
    query = find;
  }
  if (!/^\s*;?\s*$/.test(rest)) return failAt(lineAt(text, restOffset), `unexpected text after the query. One query per block; ${method === 'find' ? 'only .sort(), .skip() and .limit() may follow.' : 'nothing may follow .aggregate().'}`);
  const refused = refusedOperator(query.kind === 'find' ? [query.filter, query.projection] : query.pipeline);
  if (refused) return { error: `${refused} is not allowed here: the lab's data is read-only and runs no code.` };
  return { query };
}
