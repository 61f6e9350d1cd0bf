import { mongoSandboxRefusal, parseMongoQuery, parseMongoSandbox } from './mongo-lab.js';

describe('parseMongoQuery', () => {
  it('reads find with a filter, a projection, sort, skip and limit', () => {
    expect(parseMongoQuery('db.books.find({"year": {"$gt": 2000}}, {"title": 1, "_id": 0}).sort({"year": -1}).skip(2).limit(5)')).toEqual({
      query: { kind: 'find', collection: 'books', filter: { year: { $gt: 2000 } }, projection: { title: 1, _id: 0 }, sort: { year: -1 }, skip: 2, limit: 5 },
    });
  });

  it('reads find without arguments, across lines, with a trailing semicolon', () => {
    expect(parseMongoQuery('db.books.find()')).toEqual({ query: { kind: 'find', collection: 'books', filter: {} } });
    expect(parseMongoQuery('  db.books\n  .find({"a": "x)y"})\n  .limit(3);\n')).toEqual({ query: { kind: 'find', collection: 'books', filter: { a: 'x)y' }, limit: 3 } });
  });

  it('reads aggregate with its stages', () => {
    expect(parseMongoQuery('db.carts.aggregate([{"$unwind": "$items"}, {"$group": {"_id": "$items.sku", "n": {"$sum": 1}}}])')).toEqual({
      query: { kind: 'aggregate', collection: 'carts', pipeline: [{ $unwind: '$items' }, { $group: { _id: '$items.sku', n: { $sum: 1 } } }] },
    });
  });

  it('names the line of a JSON error', () => {
    const result = parseMongoQuery('db.books.find({\n  "year": 2001,\n  title: "x"\n})');
    expect(result).toEqual({ error: expect.stringMatching(/^Line 3: the argument of \.find\(\) is not valid JSON .*double quotes/), line: 3 });
    expect(parseMongoQuery('db.books.find({}).sort({"year": -1,})')).toEqual({ error: expect.stringMatching(/^Line 1: the argument of \.sort\(\) is not valid JSON/), line: 1 });
  });

  it('refuses what is not the agreed syntax, with a clear reason', () => {
    expect(parseMongoQuery('SELECT * FROM books')).toMatchObject({ error: expect.stringContaining('db.<collection>.find({…})') });
    expect(parseMongoQuery('db.books.deleteMany({})')).toMatchObject({ error: expect.stringContaining('.deleteMany() is not supported') });
    expect(parseMongoQuery('db.books.find({"a": 1}')).toMatchObject({ error: expect.stringContaining('brackets of .find(…) do not match') });
    expect(parseMongoQuery('db.books.find({}).limit(2).sort({"a": 1})')).toMatchObject({ error: expect.stringContaining('.sort() comes too late') });
    expect(parseMongoQuery('db.books.find({}).count()')).toMatchObject({ error: expect.stringContaining('.count() is not supported') });
    expect(parseMongoQuery('db.books.find({}).limit(-1)')).toMatchObject({ error: expect.stringContaining('whole number') });
    expect(parseMongoQuery('db.books.find({}).sort({"a": 2})')).toMatchObject({ error: expect.stringContaining('1 (ascending) or -1') });
    expect(parseMongoQuery('db.books.find([])')).toMatchObject({ error: expect.stringContaining('filter of .find() must be an object') });
    expect(parseMongoQuery('db.books.aggregate({"$match": {}})')).toMatchObject({ error: expect.stringContaining('one list of stages') });
    expect(parseMongoQuery('db.books.aggregate([{"$match": {}, "$limit": 1}])')).toMatchObject({ error: expect.stringContaining('stage 1 must be an object with one $-operator') });
    expect(parseMongoQuery('db.books.find({})\ndb.books.find({})')).toEqual({ error: expect.stringMatching(/^Line 2: unexpected text after the query/), line: 2 });
  });

  it('refuses operators that write or run code, however deep', () => {
    expect(parseMongoQuery('db.books.aggregate([{"$match": {}}, {"$out": "books"}])')).toEqual({ error: expect.stringContaining('$out is not allowed here') });
    expect(parseMongoQuery('db.books.find({"$where": "sleep(1)"})')).toEqual({ error: expect.stringContaining('$where is not allowed') });
    expect(parseMongoQuery('db.b.find({"$expr": {"$function": {"body": "x", "args": [], "lang": "js"}}})')).toEqual({ error: expect.stringContaining('$function is not allowed') });
    expect(parseMongoQuery('db.b.find({"note": "$where"})')).toEqual({ query: { kind: 'find', collection: 'b', filter: { note: '$where' } } });
  });

  it('never runs what it reads', () => {
    (globalThis as { pwned?: boolean }).pwned = false;
    expect(parseMongoQuery('db.books.find((globalThis.pwned = true))')).toHaveProperty('error');
    expect((globalThis as { pwned?: boolean }).pwned).toBe(false);
  });
});

describe('the JSON sandbox', () => {
  it('gives the collections of a good one', () => {
    expect(parseMongoSandbox('{"books": [{"_id": 1}], "authors": []}')).toEqual({ collections: { books: [{ _id: 1 }], authors: [] } });
  });

  it('refuses a bad one with the reason and, for a syntax error, the line', () => {
    expect(mongoSandboxRefusal('{\n"books": [\n{"_id": 1},,\n]}')).toMatch(/^Line 3: the sandbox is not valid JSON/);
    expect(mongoSandboxRefusal('{"books": []}\n,,')).toBe('Line 2: the sandbox is not valid JSON (Unexpected non-whitespace character after JSON).');
    expect(mongoSandboxRefusal('{\n"books": [\n{"_id": 1},,\n]}')).toBe("Line 3: the sandbox is not valid JSON (Unexpected token ',').");
    expect(mongoSandboxRefusal('[]')).toMatch(/must be a JSON object of collections/);
    expect(mongoSandboxRefusal('{}')).toMatch(/at least one collection/);
    expect(mongoSandboxRefusal('{"1books": []}')).toMatch(/not a collection name/);
    expect(mongoSandboxRefusal('{"books": {}}')).toMatch(/must be a list of documents/);
    expect(mongoSandboxRefusal('{"books": [{}, 3]}')).toBe('Document 2 of "books" is not an object.');
  });
});
