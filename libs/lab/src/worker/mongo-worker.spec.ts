import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { parseMongoQuery, type MongoCollections, type MongoQuery } from '../mongo-lab.js';
import { serveMongoJobs, type MongoWorkerScope } from './mongo-worker.js';
import { MONGO_SENT_DOCUMENTS, type MongoWorkerAnswer, type MongoWorkerMessage } from './protocol.js';

const library: MongoCollections = {
  books: [
    { _id: 1, title: 'Beloved', author: 'Toni Morrison', year: 1987, ratings: [{ stars: 5 }, { stars: 4 }] },
    { _id: 2, title: 'Jazz', author: 'Toni Morrison', year: 1992, ratings: [{ stars: 3 }] },
    { _id: 3, title: 'Klara and the Sun', author: 'Kazuo Ishiguro', year: 2021, ratings: [] },
    { _id: 4, title: 'Never Let Me Go', author: 'Kazuo Ishiguro', year: 2005, ratings: [{ stars: 4 }] },
  ],
  authors: [{ _id: 'Toni Morrison', born: 1931 }, { _id: 'Kazuo Ishiguro', born: 1954 }],
};

function query(text: string): MongoQuery {
  const parsed = parseMongoQuery(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.query;
}

/**
 * The page's mongo worker as it runs (mongo-worker-entry's code), told mingo's URL first as the page
 * tells it, with mingo's browser bundle loaded by its importScripts. `run` posts a query on a
 * sandbox and answers the worker's result.
 */
function startWorker(expectedUrl = 'https://cdn.example/mingo.1234.js') {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('mingo').replace(/cjs[/\\]index\.js$/, 'dist/mingo.min.js'), 'utf8');
  const answers: { id: number; result: MongoWorkerAnswer }[] = [];
  const scope: MongoWorkerScope & { self?: unknown } = {
    postMessage: (message) => answers.push(message as { id: number; result: MongoWorkerAnswer }),
    // mingo's browser bundle, run in a context of its own whose global is the scope (it sets self.mingo).
    importScripts: (url: string) => {
      expect(url).toBe(expectedUrl);
      runInNewContext(bundle, scope);
    },
    onmessage: null,
  };
  scope.self = scope;
  serveMongoJobs(scope);
  const onmessage = (event: { data: unknown }) => scope.onmessage?.(event as { data: MongoWorkerMessage });
  onmessage({ data: { engine: { mingoUrl: expectedUrl } } });
  let nextId = 1;
  return {
    answers,
    post: (id: number, sandbox: string, text: string) => onmessage({ data: { id, sandbox, query: query(text) } }),
    run(text: string, sandbox: MongoCollections | string = library): MongoWorkerAnswer {
      const id = nextId++;
      onmessage({ data: { id, sandbox: typeof sandbox === 'string' ? sandbox : JSON.stringify(sandbox), query: query(text) } });
      // The realm of the worker's context: compared as plain data.
      return JSON.parse(JSON.stringify(answers.find((answer) => answer.id === id)?.result)) as MongoWorkerAnswer;
    },
  };
}

describe('the mongo worker (mingo)', () => {
  const worker = startWorker();
  const run = (text: string, sandbox?: MongoCollections | string) => worker.run(text, sandbox);

  it('finds with a filter, a projection, sort, skip and limit', () => {
    expect(run('db.books.find({"year": {"$gt": 1990}}, {"title": 1, "_id": 0}).sort({"year": -1}).skip(1).limit(1)')).toEqual({ kind: 'documents', documents: [{ title: 'Never Let Me Go' }], total: 1 });
    expect(run('db.books.find({"author": "Toni Morrison"})')).toMatchObject({ kind: 'documents', total: 2 });
  });

  it('aggregates: unwind, group, sort', () => {
    expect(run('db.books.aggregate([{"$unwind": "$ratings"}, {"$group": {"_id": "$author", "average": {"$avg": "$ratings.stars"}}}, {"$sort": {"_id": 1}}])')).toEqual({
      kind: 'documents',
      documents: [{ _id: 'Kazuo Ishiguro', average: 4 }, { _id: 'Toni Morrison', average: 4 }],
      total: 2,
    });
  });

  it('looks up another collection of the same sandbox by name', () => {
    const result = run('db.books.aggregate([{"$match": {"_id": 3}}, {"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "writer"}}, {"$project": {"born": {"$first": "$writer.born"}, "_id": 0}}])');
    expect(result).toEqual({ kind: 'documents', documents: [{ born: 1954 }], total: 1 });
  });

  it('names the collections when the query asks for one the sandbox has not', () => {
    expect(run('db.movies.find({})')).toEqual({ kind: 'error', message: 'There is no collection "movies" here. The collections are: books, authors.' });
  });

  it("answers mingo's own error as the message", () => {
    expect(run('db.books.find({"year": {"$bogus": 1}})')).toEqual({ kind: 'error', message: expect.stringContaining('$bogus') });
  });

  it('sends at most MONGO_SENT_DOCUMENTS documents, and counts them all', () => {
    const many = { items: Array.from({ length: MONGO_SENT_DOCUMENTS + 20 }, (_, i) => ({ _id: i })) };
    const result = run('db.items.find({})', many);
    expect(result).toMatchObject({ kind: 'documents', total: MONGO_SENT_DOCUMENTS + 20 });
    expect(result.kind === 'documents' && result.documents).toHaveLength(MONGO_SENT_DOCUMENTS);
  });

  it('keeps the sandbox it holds as it was: a query writing nested paths, in the input or in what $lookup embeds, changes no later run', () => {
    const shelf = { books: [{ _id: 1, title: 'Jazz', meta: { copies: 3, tags: ['novel'] }, author: 'tm' }], authors: [{ _id: 'tm', name: 'Toni Morrison', home: { city: 'Lorain' } }] };
    const clean = run('db.books.aggregate([{"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "writer"}}])', shelf);
    const poisons = [
      'db.books.aggregate([{"$set": {"meta.copies": 0}}])',
      'db.books.aggregate([{"$addFields": {"meta.tags": [], "meta.extra": 1}}])',
      'db.books.aggregate([{"$unset": "meta.copies"}])',
      'db.books.aggregate([{"$project": {"meta.copies": 0}}])',
      'db.books.aggregate([{"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "writer"}}, {"$unwind": "$writer"}, {"$set": {"writer.name": "x", "writer.home.city": "y"}}])',
      'db.books.aggregate([{"$unionWith": "authors"}, {"$set": {"home.city": "z"}}])',
      'db.books.aggregate([{"$facet": {"a": [{"$set": {"meta.copies": -1}}]}}])',
      'db.books.find({}, {"meta.copies": 0})',
    ];
    for (const poison of poisons) expect(run(poison, shelf)).toMatchObject({ kind: 'documents' });
    expect(run('db.books.aggregate([{"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "writer"}}])', shelf)).toEqual(clean);
    expect(clean).toEqual({ kind: 'documents', total: 1, documents: [{ ...shelf.books[0], writer: shelf.authors }] });
    // And the query itself sees its own write, as MongoDB answers it.
    expect(run('db.books.aggregate([{"$set": {"meta.copies": 0}}, {"$project": {"_id": 0, "meta": 1}}])', shelf)).toEqual({ kind: 'documents', total: 1, documents: [{ meta: { copies: 0, tags: ['novel'] } }] });
  });

  it('refuses a result over the byte caps of SQL results, before it leaves the worker', () => {
    const big = `db.books.aggregate([{"$limit": 1}, {"$project": {"text": {"$reduce": {"input": {"$range": [0, 21]}, "initialValue": "x", "in": {"$concat": ["$$value", "$$value"]}}}}}])`;
    expect(run(big)).toEqual({ kind: 'error', message: 'A value in your result is too large (over 1 MB).' });
    const many = { items: Array.from({ length: 40 }, (_, i) => ({ _id: i })) };
    const wide = `db.items.aggregate([{"$project": {"text": {"$reduce": {"input": {"$range": [0, 17]}, "initialValue": "x", "in": {"$concat": ["$$value", "$$value"]}}}}}])`;
    expect(run(wide, many)).toEqual({ kind: 'error', message: 'Your result is too large (over 4 MB); add a $limit stage or .limit().' });
    expect(run(wide.replace('[{"$project"', '[{"$limit": 10}, {"$project"'), many)).toMatchObject({ kind: 'documents', total: 10 });
  });

  it("runs a parsed query with mingo's browser bundle, loaded from the URL it was given", () => {
    const fresh = startWorker('https://cdn.example/other.js');
    fresh.post(7, JSON.stringify(library), 'db.books.find({"year": 2021}, {"title": 1, "_id": 0})');
    fresh.post(8, JSON.stringify(library), 'db.nothing.find()');
    expect(JSON.parse(JSON.stringify(fresh.answers))).toEqual([
      { id: 7, result: { kind: 'documents', documents: [{ title: 'Klara and the Sun' }], total: 1 } },
      { id: 8, result: { kind: 'error', message: expect.stringContaining('no collection "nothing"') } },
    ]);
  });
});
