/// <reference types="node" />
import { parseMongoQuery, type MongoCollections, type MongoQuery } from '@dblearn/contracts';
import * as mingo from 'mingo';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { runInNewContext } from 'node:vm';
import { documentCountLabel, formatDocument, runMongoQuery, type MingoEngine, type MongoRunResult } from './mongo-result.js';
import { mongoWorkerSource } from './mongo-worker-source.js';

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

const run = (text: string, sent = 500) => runMongoQuery(mingo as unknown as MingoEngine, library, query(text), sent);

describe('runMongoQuery (mingo)', () => {
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

  it('sends at most the given number of documents, and counts them all', () => {
    expect(run('db.books.find({})', 2)).toMatchObject({ kind: 'documents', total: 4, documents: [{ _id: 1 }, { _id: 2 }] });
  });

  it('leaves the sandbox as it was', () => {
    const before = JSON.stringify(library);
    run('db.books.aggregate([{"$set": {"title": "x"}}, {"$unset": "year"}])');
    expect(JSON.stringify(library)).toBe(before);
  });
});

describe('the mongo worker', () => {
  it("runs a parsed query with mingo's browser bundle, as the page's worker does", () => {
    const bundle = readFileSync(createRequire(import.meta.url).resolve('mingo').replace(/cjs[/\\]index\.js$/, 'dist/mingo.min.js'), 'utf8');
    const answers: { id: number; result: MongoRunResult }[] = [];
    const scope: Record<string, unknown> = { postMessage: (message: { id: number; result: MongoRunResult }) => answers.push(message) };
    scope.self = scope;
    scope.importScripts = (url: string) => {
      expect(url).toBe('https://cdn.example/mingo.1234.js');
      runInNewContext(bundle, scope);
    };
    runInNewContext(mongoWorkerSource('https://cdn.example/mingo.1234.js'), scope);
    const onmessage = scope.onmessage as (event: { data: unknown }) => void;
    onmessage({ data: { id: 7, sandbox: JSON.stringify(library), query: query('db.books.find({"year": 2021}, {"title": 1, "_id": 0})') } });
    onmessage({ data: { id: 8, sandbox: JSON.stringify(library), query: query('db.nothing.find()') } });
    expect(answers).toEqual([
      { id: 7, result: { kind: 'documents', documents: [{ title: 'Klara and the Sun' }], total: 1 } },
      { id: 8, result: { kind: 'error', message: expect.stringContaining('no collection "nothing"') } },
    ]);
  });
});

describe('how documents read', () => {
  it('counts them and keeps short documents on one line', () => {
    expect(documentCountLabel(0)).toBe('No documents');
    expect(documentCountLabel(1)).toBe('1 document');
    expect(documentCountLabel(3)).toBe('3 documents');
    expect(formatDocument({ title: 'Jazz', tags: ['a', 'b'], note: 'line\nbreak' })).toBe('{ "title": "Jazz", "tags": [ "a", "b" ], "note": "line\\nbreak" }');
    expect(formatDocument({ text: 'x'.repeat(120) }).split('\n')).toHaveLength(3);
  });
});
