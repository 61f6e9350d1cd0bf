import type { StoredCheck } from '@dblearn/contracts';
import { checkBodyOf, formValuesOf, refusedField } from './check-form-values.js';
import { readNumber, readSet } from './quiz-text.js';

const common = { _id: 'a'.repeat(24), task: 'A task long enough', hints: ['One'], explanation: 'Why.' };
const checks: StoredCheck[] = [
  { ...common, kind: 'query', referenceSql: 'SELECT 1' },
  { ...common, kind: 'state', referenceSql: 'DELETE FROM t', verifySql: 'SELECT * FROM t', probes: [{ sql: 'INSERT INTO t VALUES (1)', expect: 'fails' }] },
  {
    ...common,
    kind: 'state',
    referenceSql: 'BEGIN; UPDATE t SET a = 1; COMMIT;',
    verifySql: 'SELECT a, b FROM t',
    probes: [{ sql: "SELECT count(*) = 0 FROM sqlite_schema WHERE type = 'trigger'", expect: 'holds', message: 'A CHECK, not a trigger.' }],
    columnOrder: 'strict',
    faultAtWrite: 2,
  },
  { ...common, kind: 'query', referenceSql: 'SELECT a, b FROM t', columnOrder: 'strict' },
  // Issue 33: a practice exercise's difficulty and second solution survive an admin's save.
  { ...common, kind: 'query', referenceSql: 'SELECT a FROM t ORDER BY a', difficulty: 'hard', alternative: { sql: 'SELECT a FROM t ORDER BY 1', tradeoff: 'A position reads shorter and breaks when columns move.' } },
  // Issue 32: PostgreSQL variants survive an admin's save (the editor does not show them yet).
  { ...common, kind: 'query', referenceSql: "SELECT julianday('2024-01-02')", referenceSqlPostgres: "SELECT '2024-01-02'::date - '2024-01-01'::date" },
  {
    ...common,
    kind: 'state',
    referenceSql: 'CREATE INDEX i ON t (a)',
    verifySql: 'EXPLAIN QUERY PLAN SELECT * FROM t WHERE a = 1',
    probes: [],
    verifySqlPostgres: "SELECT count(*) FROM pg_index WHERE indrelid = 't'::regclass",
    probesPostgres: [{ sql: 'SELECT 1', expect: 'holds' }],
  },
  // Issue 32: a check graded on PostgreSQL only keeps its mark (the editor's checkbox).
  { ...common, kind: 'query', referenceSql: 'SELECT a, SUM(b) FROM t GROUP BY ROLLUP (a)', engines: ['postgres'] },
  { ...common, kind: 'state', referenceSql: 'GRANT SELECT ON t TO lab_analyst', verifySql: "SELECT has_table_privilege('lab_analyst', 't', 'SELECT')", probes: [], engines: ['postgres'] },
  { ...common, kind: 'quiz', difficulty: 'easy', quiz: { type: 'number', answer: 3, tolerance: 0 } },
  { ...common, kind: 'mongo', referenceQuery: 'db.t.find({})' },
  { ...common, kind: 'quiz', quiz: { type: 'choice', options: ['A', 'B', 'C'], correct: [0, 2] } },
  { ...common, kind: 'quiz', quiz: { type: 'number', answer: 4.5, tolerance: 0.25 } },
  { ...common, kind: 'quiz', quiz: { type: 'set', answer: ['AB', 'CD'] } },
];

describe('the check editor’s fields', () => {
  it.each(checks.map((check) => [check.kind, check] as const))('give back a stored %s check as it was, without its id', (_kind, check) => {
    const { _id, ...body } = check;
    expect(checkBodyOf(formValuesOf(check))).toEqual(body);
  });

  it('send only the shown kind’s fields; lists the form dropped are empty', () => {
    expect(checkBodyOf({ kind: 'mongo', task: 'A task long enough', referenceQuery: 'db.t.find({})', referenceSql: 'SELECT 1', explanation: '' })).toEqual({
      kind: 'mongo',
      task: 'A task long enough',
      referenceQuery: 'db.t.find({})',
      hints: [],
      explanation: '',
    });
  });
});

describe('where a save’s 400 is shown', () => {
  it('a reference that does not run, on either dataset, with its line', () => {
    expect(refusedField("The reference query does not run on the course's sandbox: Line 2: no such column: x", 'query', 'choice')).toEqual({ field: 'referenceSql', line: 2 });
    expect(refusedField('The reference query does not run on the hidden variant: Line 3: no such table: y', 'state', 'choice')).toEqual({ field: 'referenceSql', line: 3 });
    expect(refusedField('The reference query does not run on the hidden variant: Line 1: unknown collection', 'mongo', 'choice')).toEqual({ field: 'referenceQuery', line: 1 });
    expect(refusedField('The reference statements do not run on the hidden variant: Line 2: no such table: y', 'state', 'choice')).toEqual({ field: 'referenceSql', line: 2 });
    expect(refusedField("The verification query does not run after the reference on the course's sandbox: Line 4: no such column: z", 'state', 'choice')).toEqual({ field: 'verifySql', line: 4 });
    expect(refusedField('The verification query returns no result: make it a SELECT.', 'state', 'choice')).toEqual({ field: 'verifySql', line: null });
  });

  it('a probe, a missing sandbox, a quiz, hints; anything else is the form’s', () => {
    expect(refusedField('Probe 2 should fail after the reference statements, but it ran.', 'state', 'choice')).toEqual({ field: 'probes.1.sql', line: null });
    expect(refusedField("The project's course has no SQL sandbox: give it one before adding checks.", 'query', 'choice')).toEqual({ field: 'kind', line: null });
    expect(refusedField('Quiz option 5 does not exist: correct indexes are 0 to 3.', 'quiz', 'choice')).toEqual({ field: 'options', line: null });
    expect(refusedField('Tolerance must be 0 or more.', 'quiz', 'number')).toEqual({ field: 'tolerance', line: null });
    expect(refusedField('A set quiz needs at least one item.', 'quiz', 'set')).toEqual({ field: 'items', line: null });
    expect(refusedField('A check has at most 3 hints.', 'query', 'choice')).toEqual({ field: 'hints', line: null });
    expect(refusedField('Something else went wrong.', 'query', 'choice')).toEqual({ field: 'root', line: null });
  });
});

describe('the PostgreSQL variants (issue 32)', () => {
  it('are sent only when written: an empty text or no probes means the SQLite part runs on both', () => {
    const state = { kind: 'state', task: 'A task long enough', referenceSql: 'DELETE FROM t', verifySql: 'SELECT * FROM t', explanation: '' } as const;
    expect(checkBodyOf({ ...state, postgres: { referenceSqlPostgres: '  ', verifySqlPostgres: '', probesPostgres: [] } })).toEqual({ ...state, probes: [], hints: [] });
    expect(checkBodyOf({ ...state, kind: 'query', postgres: { referenceSqlPostgres: 'SELECT 1', verifySqlPostgres: 'SELECT 2', probesPostgres: [{ sql: 'SELECT 1', expect: 'holds' }] } })).toEqual({
      kind: 'query',
      task: 'A task long enough',
      referenceSql: 'DELETE FROM t',
      referenceSqlPostgres: 'SELECT 1',
      hints: [],
      explanation: '',
    });
  });

  it('take a refusal on PostgreSQL when the check has that variant; else it is the SQLite part’s, which runs on both', () => {
    const onReference = "On PostgreSQL: The reference query does not run on the course's sandbox: Line 2: function julianday(unknown) does not exist";
    expect(refusedField(onReference, 'query', 'choice', { referenceSqlPostgres: 'SELECT 1;\nSELECT julianday(1)' })).toEqual({ field: 'postgres.referenceSqlPostgres', line: 2 });
    expect(refusedField(onReference, 'query', 'choice')).toEqual({ field: 'referenceSql', line: 2 });
    const onVerification = 'On PostgreSQL: The verification query does not run after the reference on the hidden variant: Line 1: column "x" does not exist';
    expect(refusedField(onVerification, 'state', 'choice', { verifySqlPostgres: 'SELECT x' })).toEqual({ field: 'postgres.verifySqlPostgres', line: 1 });
    expect(refusedField('On PostgreSQL, the verification query returns no result: make it a SELECT.', 'state', 'choice')).toEqual({ field: 'verifySql', line: null });
    expect(refusedField('On PostgreSQL: Probe 2 should fail after the reference statements, but it ran.', 'state', 'choice', { probesPostgres: [{ sql: 'SELECT 1', expect: 'holds' }] })).toEqual({ field: 'postgres.probesPostgres.1.sql', line: null });
  });
});

describe('quiz text', () => {
  it('reads numbers as people type them, and nothing else', () => {
    expect(['12', ' -3.5 ', '1e3', '2,5', '.5'].map(readNumber)).toEqual([12, -3.5, 1000, 2.5, 0.5]);
    expect(['', 'lots', '1,2,3', '12 blocks', 'Infinity', '1e999'].map(readNumber)).toEqual([null, null, null, null, null, null]);
  });

  it('reads a set as its comma-separated items, blanks dropped', () => {
    expect(readSet(' AB , cd,, ')).toEqual(['AB', 'cd']);
    expect(readSet(' , ')).toEqual([]);
  });
});
