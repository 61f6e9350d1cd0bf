import { beforeAll, describe, expect, it } from '@jest/globals';
import { isPostgresOnly, type CheckOfKind, type StoredCheck } from '@dblearn/contracts';
import {
  gradeRows,
  type MongoCollections,
  type MongoQuery,
  parseMongoQuery,
  parseMongoSandbox,
  type QueryResult,
  rowKey,
  withoutLastOrderKey,
  documentResults,
} from '@dblearn/lab';
import { deriveHiddenCollections, deriveHiddenSql } from '@dblearn/lab/hidden-variant';
import { aggregate, find } from 'mingo';
import type { SqlJsStatic } from 'sql.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { readContentFolder } from '../seed/content-folder.js';
import { buildSandbox, loadEngine, runOnCopy } from './sql-engine.js';

// Issue 31: the hidden data must discriminate, for every shipped check. A check fails the build when,
// on the hidden data, its reference's result
// - is empty while its practice result is not (a query that hard-codes a value passes);
// - equals its practice result (a pasted answer passes);
// - where the task orders, is also what the reference gives with its ORDER BY removed (a query that
//   forgets to sort would pass): mongo checks only, for their $sort; a SQL answer without the ORDER BY
//   its task asks for is refused whatever the data (grading.ts MISSING_ORDER_MESSAGE), since SQLite
//   hands GROUP BY's groups back sorted and no data can tell. SQL checks are held instead to their
//   tie-break: where the reference orders by two keys or more, dropping the last must change the hidden result.
// State checks are held to the first rule only: a schema or a plan reads the same on any data.
// There is no allow-list: a check whose derived hidden data cannot discriminate gets a course hidden
// file (`hidden:` in course.yaml, e.g. university-hidden.sql from its generator).

const folder = readContentFolder(SHIPPED_CONTENT_DIR);
let engine: SqlJsStatic;
beforeAll(async () => {
  engine = await loadEngine();
});

/** The checks graded against data: a quiz has none to hide. */
type DataCheck = Exclude<StoredCheck, CheckOfKind<'quiz'>>;

interface Located {
  id: string;
  where: string;
  check: DataCheck;
  course: (typeof folder.courses)[number];
}

const located: Located[] = folder.courses.flatMap((course, c) =>
  course.projects.flatMap((project, p) =>
    (project.checks ?? [])
      .map((check, k) => ({ check, k }))
      // A check graded on PostgreSQL only cannot run on SQLite; its red-team's answers fitted to the visible data stand in.
      .filter((entry): entry is { check: DataCheck; k: number } => entry.check.kind !== 'quiz' && !isPostgresOnly(entry.check))
      .map(({ check, k }) => {
        const { file, line } = folder.locate(`courses[${c}].projects[${p}].checks[${k}].task`);
        return { id: check._id, where: `${file}:${line}`, check, course };
      }),
  ),
);

/** Built datasets per course: the visible sandbox and its hidden variant (the admin's, or derived). */
const sqlData = new Map<string, { visible: Uint8Array; hidden: Uint8Array }>();
function sqlDatasets(course: Located['course']): { visible: Uint8Array; hidden: Uint8Array } {
  let data = sqlData.get(course._id);
  if (!data) {
    const visible = buildSandbox(engine, course.sandbox?.source ?? '');
    let hidden: Uint8Array;
    if (course.sandbox?.hiddenSource) hidden = buildSandbox(engine, course.sandbox.hiddenSource);
    else {
      const db = new engine.Database(visible);
      deriveHiddenSql(db);
      hidden = db.export();
      db.close();
    }
    data = { visible, hidden };
    sqlData.set(course._id, data);
  }
  return data;
}

function collectionsOf(course: Located['course']): { visible: MongoCollections; hidden: MongoCollections } {
  const parse = (source: string) => {
    const parsed = parseMongoSandbox(source);
    if ('error' in parsed) throw new Error(parsed.error);
    return parsed.collections;
  };
  const visible = parse(course.sandbox?.source ?? '{}');
  return { visible, hidden: course.sandbox?.hiddenSource ? parse(course.sandbox.hiddenSource) : deriveHiddenCollections(structuredClone(visible)) };
}

/** A mongo query run as the grader runs it (scripts off, $lookup within the sandbox), on a copy of the data. */
function runMongo(collections: MongoCollections, query: MongoQuery): unknown[] {
  const data = structuredClone(collections);
  const documents = data[query.collection] ?? [];
  const options = { scriptEnabled: false, collectionResolver: (name: string) => data[name] ?? [] };
  if (query.kind === 'aggregate') return aggregate(documents, query.pipeline, options);
  let cursor = find(documents, query.filter, query.projection, options);
  if (query.sort) cursor = cursor.sort(query.sort);
  if (query.skip !== undefined) cursor = cursor.skip(query.skip);
  if (query.limit) cursor = cursor.limit(query.limit);
  return cursor.all();
}

/** The mongo query without its sorting: a find without .sort(), a pipeline without $sort stages. */
function unsorted(query: MongoQuery): MongoQuery | null {
  if (query.kind === 'find') return query.sort ? { ...query, sort: undefined } : null;
  const pipeline = query.pipeline.filter((stage) => !('$sort' in stage));
  return pipeline.length === query.pipeline.length ? null : { ...query, pipeline };
}

const same = (a: QueryResult, b: QueryResult) => a.rows.length === b.rows.length && a.rows.every((row, i) => rowKey(row) === rowKey(b.rows[i] ?? []));

/** What is wrong with a check's hidden data, or null. */
function hiddenDataProblem({ check, course }: Located): string | null {
  let visible: QueryResult;
  let hidden: QueryResult;
  let hiddenUnordered: QueryResult | null = null;
  if (check.kind === 'mongo') {
    const parsed = parseMongoQuery(check.referenceQuery);
    if ('error' in parsed) return `the reference does not parse: ${parsed.error}`;
    const collections = collectionsOf(course);
    const onVisible = runMongo(collections.visible, parsed.query);
    const onHidden = runMongo(collections.hidden, parsed.query);
    ({ expected: visible } = documentResults(onVisible, onVisible));
    ({ expected: hidden } = documentResults(onHidden, onHidden));
    const withoutSort = unsorted(parsed.query);
    if (withoutSort) hiddenUnordered = documentResults(onHidden, runMongo(collections.hidden, withoutSort)).actual;
  } else {
    const data = sqlDatasets(course);
    const script = check.kind === 'state' ? `${check.referenceSql}\n;${check.verifySql}` : check.referenceSql;
    visible = runOnCopy(engine, data.visible, script);
    hidden = runOnCopy(engine, data.hidden, script);
    const withoutTieBreak = check.kind === 'query' ? withoutLastOrderKey(check.referenceSql) : null;
    if (withoutTieBreak) hiddenUnordered = runOnCopy(engine, data.hidden, withoutTieBreak);
  }
  if (visible.rows.length > 0 && hidden.rows.length === 0) return 'its hidden result is empty while its practice result is not';
  if (check.kind === 'state') return null;
  if (same(visible, hidden)) return 'its hidden result equals its practice result';
  if (hiddenUnordered && gradeRows(hidden, hiddenUnordered, true, { strictColumns: true }).passed) {
    return check.kind === 'mongo' ? 'the task sorts, but the reference without its sort gives the same hidden result' : 'the reference without its tie-break (its last ORDER BY key) gives the same hidden result';
  }
  return null;
}

describe('the hidden data discriminates, for every shipped check', () => {
  it('there are shipped checks', () => {
    expect(located.length).toBeGreaterThan(50);
  });

  it.each(located.map((entry) => [`${entry.where} (check ${entry.id})`, entry] as const))('%s', (_name, entry) => {
    const problem = hiddenDataProblem(entry);
    expect({ check: entry.id, where: entry.where, problem }).toEqual({ check: entry.id, where: entry.where, problem: null });
  });
});
