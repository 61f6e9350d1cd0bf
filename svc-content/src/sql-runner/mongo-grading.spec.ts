import { afterAll, describe, expect, it } from '@jest/globals';
import { SqlRunner } from './sql-runner.js';

// Issue 30: mongo grading through the real worker pool (its worker script is the built one in dist/).
// One learner worker, so every job below reads the same cached collections and expected results.

const runner = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => runner.onModuleDestroy());

const LIBRARY = JSON.stringify({
  books: [
    { _id: 1, title: 'Beloved', author: 'tm', meta: { copies: 2, shelf: { row: 1 } } },
    { _id: 2, title: 'Jazz', author: 'tm', meta: { copies: 0, shelf: { row: 2 } } },
    { _id: 3, title: 'Klara and the Sun', author: 'ki', meta: { copies: 5, shelf: { row: 3 } } },
    { _id: 4, title: 'Never Let Me Go', author: 'ki', meta: { copies: 1, shelf: { row: 4 } } },
    { _id: 5, title: 'Sula', author: 'tm', meta: { copies: 3, shelf: { row: 5 } } },
  ],
  authors: [
    { _id: 'tm', name: 'Toni Morrison', home: { city: 'Lorain' } },
    { _id: 'ki', name: 'Kazuo Ishiguro', home: { city: 'Nagasaki' } },
  ],
});
const REFERENCE = 'db.books.find({"meta.copies": {"$gt": 0}}, {"title": 1, "_id": 0})';
const CORRECT = 'db.books.aggregate([{"$match": {"meta.copies": {"$gte": 1}}}, {"$project": {"_id": 0, "title": 1}}])';
/** What the poisoned data would answer (no book has copies): right only if Alice's stages had stuck. */
const WRONG = 'db.books.find({"title": "none of them"}, {"title": 1, "_id": 0})';
/** Stages that write nested paths: into the input's documents, into what $lookup and $unionWith embed. */
const POISONS = [
  'db.books.aggregate([{"$set": {"meta.copies": 0}}])',
  'db.books.aggregate([{"$addFields": {"meta.copies": 0, "meta.shelf.row": 0}}])',
  'db.books.aggregate([{"$unset": ["meta.copies", "meta.shelf.row"]}])',
  'db.books.aggregate([{"$project": {"meta.copies": 0}}])',
  'db.books.find({"meta.copies": {"$gt": 0}}, {"meta.copies": 0})',
  'db.books.aggregate([{"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "by"}}, {"$unwind": "$by"}, {"$set": {"by.name": "x", "by.home.city": "y"}}])',
  'db.books.aggregate([{"$unionWith": "authors"}, {"$set": {"home.city": "z", "meta.copies": 0}}])',
  'db.books.aggregate([{"$facet": {"all": [{"$set": {"meta.copies": 0}}]}}])',
];

const attempt = (sandboxKey: string, answer: string, referenceQuery = REFERENCE) =>
  runner.run({ op: 'attempt', sandboxKey, source: { visible: LIBRARY, hidden: null }, check: { kind: 'mongo', referenceQuery }, answer }, { userId: 'learner' }, 20_000);

describe('mongo grading data', () => {
  it("stays as it was whatever one learner's stages write: poisoning before the expected result is first computed changes no verdict", async () => {
    // Right after a start: Alice's attempts are the first on this sandbox, so the expected results are computed after hers.
    for (const poison of POISONS) expect(await attempt('fresh', poison)).toMatchObject({ passed: false });
    expect(await attempt('fresh', CORRECT)).toMatchObject({ passed: true, rowCount: 4 });
    expect(await attempt('fresh', WRONG)).toMatchObject({ passed: false, rowCount: 0 });
  });

  it("leaves another learner's correct answer passing and a wrong one failing after the expected result is cached", async () => {
    expect(await attempt('warm', CORRECT)).toMatchObject({ passed: true });
    for (let round = 0; round < 3; round += 1) for (const poison of POISONS) await attempt('warm', poison);
    const verdicts = await Promise.all(Array.from({ length: 8 }, () => attempt('warm', CORRECT)));
    expect(verdicts.map((verdict) => typeof verdict === 'object' && 'passed' in verdict && verdict.passed)).toEqual(verdicts.map(() => true));
    expect(await attempt('warm', WRONG)).toMatchObject({ passed: false });
    // The lookup's collection too: its documents are as the sandbox has them.
    const authors = 'db.authors.find({}, {"_id": 0}).sort({"name": 1})';
    expect(await attempt('warm', 'db.authors.aggregate([{"$project": {"_id": 0, "name": 1, "home": 1}}, {"$sort": {"name": 1}}])', authors)).toMatchObject({
      passed: true,
      rows: [['Kazuo Ishiguro', '{"city":"Nagasaki"}'], ['Toni Morrison', '{"city":"Lorain"}']],
    });
  });

  it('still lets a query see its own nested writes, as MongoDB answers them', async () => {
    const reference = 'db.books.aggregate([{"$match": {"_id": 1}}, {"$set": {"meta.copies": 9}}, {"$project": {"_id": 0, "copies": "$meta.copies"}}])';
    expect(await attempt('own-writes', 'db.books.aggregate([{"$match": {"_id": 1}}, {"$project": {"_id": 0, "copies": {"$literal": 9}}}])', reference)).toMatchObject({ passed: true, rows: [[9]] });
  });
});

describe('mongo results are capped in bytes like SQL results', () => {
  /** A text of 2^n characters made by the query itself. */
  const doubled = (n: number) => `{"$reduce": {"input": {"$range": [0, ${n}]}, "initialValue": "x", "in": {"$concat": ["$$value", "$$value"]}}}`;

  it("refuses an attempt's value over 1 MB and a result over 4 MB in the worker, with the lab's message", async () => {
    expect(await attempt('caps', `db.books.aggregate([{"$limit": 1}, {"$project": {"text": ${doubled(21)}}}])`)).toEqual({ passed: false, message: 'A value in your result is too large (over 1 MB).' });
    // 5 books × 1 MB, each value (512 kB) under the cap.
    expect(await attempt('caps', `db.books.aggregate([{"$project": {"a": ${doubled(19)}, "b": ${doubled(19)}}}])`)).toEqual({ passed: false, message: 'Your result is too large (over 4 MB); add a $limit stage or .limit().' });
    expect(await attempt('caps', CORRECT)).toMatchObject({ passed: true });
  });

  it('refuses a reference over the caps when an admin saves it', async () => {
    const reference = `db.books.aggregate([{"$limit": 1}, {"$project": {"text": ${doubled(21)}}}])`;
    expect(await runner.run({ op: 'reference', sandboxKey: 'caps', source: { visible: LIBRARY, hidden: null }, check: { kind: 'mongo', referenceQuery: reference } }, { admin: true }, 20_000)).toEqual({
      error: "The reference query does not run on the course's sandbox: A value in your result is too large (over 1 MB).",
      line: null,
    });
  });
});
