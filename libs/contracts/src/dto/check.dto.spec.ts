import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { AttemptDto, CheckDto, SandboxDto } from './index.js';
import { validationMessages } from './validation-messages.js';

async function broken<T extends object>(type: new () => T, body: Record<string, unknown>): Promise<string[]> {
  return validationMessages(await validate(plainToInstance(type, body), { whitelist: true, forbidNonWhitelisted: true }));
}

const task = 'List every student with their major.';
const checkId = '665f1c2a9b1e8a3d4c5b6a79';

describe('CheckDto (CONTRACT "Runnable SQL": the check kinds)', () => {
  it('a check without kind is a query check and needs its reference', async () => {
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1' })).toEqual([]);
    expect(await broken(CheckDto, { task })).toEqual(['Reference query must be text.']);
  });

  it('each kind requires its own fields', async () => {
    expect(await broken(CheckDto, { kind: 'state', task, referenceSql: 'DELETE FROM t' })).toEqual(['Verification query must be text.']);
    expect(await broken(CheckDto, { kind: 'state', task, referenceSql: 'DELETE FROM t', verifySql: 'SELECT * FROM t', probes: [{ sql: 'INSERT INTO t VALUES (1)', expect: 'fails' }] })).toEqual([]);
    expect(await broken(CheckDto, { kind: 'mongo', task })).toEqual(['Reference query must be text.']);
    expect(await broken(CheckDto, { kind: 'mongo', task, referenceQuery: 'db.books.find({})' })).toEqual([]);
    expect(await broken(CheckDto, { kind: 'quiz', task })).toEqual(['quiz must be an object.']);
  });

  it('hints: at most 3, each 1–500 characters; probes at most 5 with a known expectation', async () => {
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', hints: ['a', 'b', 'c', 'd'] })).toEqual(['A check has at most 3 hints.']);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', hints: [''] })).toEqual(['Each hint must be at most 500 characters long.']);
    const probe = { sql: 'SELECT 1', expect: 'fails' };
    expect(await broken(CheckDto, { kind: 'state', task, referenceSql: 'SELECT 1', verifySql: 'SELECT 1', probes: Array(6).fill(probe) })).toEqual(['A check has at most 5 probes.']);
    expect(await broken(CheckDto, { kind: 'state', task, referenceSql: 'SELECT 1', verifySql: 'SELECT 1', probes: [{ sql: 'SELECT 1', expect: 'maybe' }] })).toEqual([
      'expect must be one of: fails, succeeds, holds.',
    ]);
  });

  it('difficulty is easy, medium or hard; an alternative is {sql, tradeoff}, both text (issue 33)', async () => {
    const alternative = { sql: 'SELECT 2', tradeoff: 'Shorter, and slower on a large table.' };
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', difficulty: 'hard', alternative })).toEqual([]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', difficulty: 'trivial' })).toEqual(['difficulty must be one of: easy, medium, hard.']);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', alternative: { sql: 'SELECT 2' } })).toEqual([expect.stringMatching(/trade-off/)]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', alternative: { ...alternative, why: 'x' } })).toEqual([expect.stringMatching(/why/)]);
  });

  it('engines is ["postgres"] (a check graded on PostgreSQL only) or absent (issue 32)', async () => {
    const refusal = 'engines is ["postgres"] for a check graded on PostgreSQL only, or absent (graded on sqlite and postgres).';
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', engines: ['postgres'] })).toEqual([]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', engines: ['sqlite'] })).toEqual([refusal]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', engines: [] })).toEqual([refusal]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', engines: ['postgres', 'postgres'] })).toEqual([refusal]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', engines: 'postgres' })).toEqual([refusal]);
  });

  it('columnOrder is strict or absent; faultAtWrite 1–100; a probe may hold and carry its message (1–300)', async () => {
    const state = { kind: 'state', task, referenceSql: 'SELECT 1', verifySql: 'SELECT 1' };
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', columnOrder: 'strict' })).toEqual([]);
    expect(await broken(CheckDto, { task, referenceSql: 'SELECT 1', columnOrder: 'loose' })).toEqual(['columnOrder must be one of: strict (or absent: any order of the columns).']);
    expect(await broken(CheckDto, { ...state, faultAtWrite: 2, probes: [{ sql: 'SELECT 1', expect: 'holds', message: 'It must be a view.' }] })).toEqual([]);
    expect(await broken(CheckDto, { ...state, faultAtWrite: 0 })).toEqual(['faultAtWrite must be a whole number from 1 to 100.']);
    expect(await broken(CheckDto, { ...state, faultAtWrite: 1.5 })).toEqual(['faultAtWrite must be a whole number from 1 to 100.']);
    expect(await broken(CheckDto, { ...state, probes: [{ sql: 'SELECT 1', expect: 'holds', message: '' }] })).toHaveLength(1);
  });

  it('quizzes: a choice has 2–8 options and correct indexes, a number a tolerance ≥ 0, a set its items', async () => {
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'choice', options: ['a', 'b'], correct: [1] } })).toEqual([]);
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'choice', options: ['a'], correct: [] } })).toEqual([
      'A choice quiz has 2 to 8 options.',
      'A choice quiz needs at least one correct option.',
    ]);
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'number', answer: 3.5, tolerance: 0.1 } })).toEqual([]);
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'number', answer: 'three', tolerance: -1 } })).toHaveLength(2);
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'set', answer: ['AB', 'CD'] } })).toEqual([]);
    expect(await broken(CheckDto, { kind: 'quiz', task, quiz: { type: 'set', answer: [] } })).toHaveLength(1);
  });
});

describe('AttemptDto: exactly one of sql, query, answer', () => {
  it('takes sql, a mongo query, or a quiz answer of one of the three shapes', async () => {
    expect(await broken(AttemptDto, { checkId, sql: 'SELECT 1' })).toEqual([]);
    expect(await broken(AttemptDto, { checkId, query: 'db.books.find({})' })).toEqual([]);
    for (const answer of [[0, 2], 12.5, ['AB', 'CD']]) expect(await broken(AttemptDto, { checkId, answer })).toEqual([]);
  });

  it('refuses none, two, and answers of no shape', async () => {
    expect(await broken(AttemptDto, { checkId })).toContain('Send exactly one of sql, query or answer.');
    expect(await broken(AttemptDto, { checkId, sql: 'SELECT 1', answer: 1 })).toEqual(['Send exactly one of sql, query or answer.']);
    for (const answer of ['B', [0, 'a'], [-1], [1.5], { a: 1 }, null, Number.NaN]) {
      expect(await broken(AttemptDto, { checkId, answer })).not.toEqual([]);
    }
  });
});

describe('SandboxDto', () => {
  it('takes an optional hidden variant', async () => {
    expect(await broken(SandboxDto, { kind: 'sql', source: 'CREATE TABLE t (a)', hiddenSource: 'CREATE TABLE t (a)' })).toEqual([]);
    expect(await broken(SandboxDto, { kind: 'sql', source: 'CREATE TABLE t (a)', hiddenSource: 5 })).toEqual(['Hidden variant must be text.']);
  });
});
