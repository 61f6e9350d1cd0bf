import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import type { CheckDto } from '@dblearn/contracts/dto';
import { Types } from 'mongoose';
import { checkRecordOf, checkRecordRefusal, gradesAlike, learnerCheckOf, solutionOf, storedCheckOf } from './check-records.js';

const id = new Types.ObjectId();
const quiz = (body: object) => ({ kind: 'quiz', task: 'Pick every index structure.', hints: ['Think of lookups.'], explanation: 'Both index.', ...body }) as CheckDto;

describe('check records', () => {
  it('reads a check stored before kinds existed as a query check with no hints', () => {
    expect(storedCheckOf({ _id: id, task: 'Old task text', referenceSql: 'SELECT 1' } as never)).toEqual({
      _id: id.toHexString(),
      kind: 'query',
      task: 'Old task text',
      referenceSql: 'SELECT 1',
      hints: [],
      explanation: '',
    });
  });

  it('never puts an answer, a reference, a probe, a hint or an explanation in the learner’s view', () => {
    const choice = storedCheckOf(checkRecordOf(quiz({ quiz: { type: 'choice', options: ['B+ tree', 'Heap'], correct: [0] } }), id));
    expect(learnerCheckOf(choice)).toEqual({ _id: id.toHexString(), kind: 'quiz', task: 'Pick every index structure.', hintCount: 1, quizType: 'choice', options: ['B+ tree', 'Heap'], multiple: false });
    const state = storedCheckOf(
      checkRecordOf({ kind: 'state', task: 'Add the constraint.', referenceSql: 'CREATE TABLE t (a)', verifySql: 'SELECT 1', probes: [{ sql: 'INSERT', expect: 'fails' }] } as CheckDto, id),
    );
    const shown = JSON.stringify([learnerCheckOf(choice), learnerCheckOf(state)]);
    expect(shown).not.toMatch(/correct|CREATE TABLE|INSERT|Think of lookups|Both index|verifySql|referenceSql/);
  });

  it('refuses the fields of another kind and a quiz that does not fit its options', () => {
    expect(checkRecordRefusal({ kind: 'mongo', task: 'Find the books.', referenceQuery: 'db.b.find({})', referenceSql: 'SELECT 1' } as CheckDto)).toBe('The field "referenceSql" is not allowed in a mongo check.');
    expect(checkRecordRefusal(quiz({ quiz: { type: 'choice', options: ['a', 'b'], correct: [3] } }))).toBe('Quiz option 3 does not exist: correct indexes are 0 to 1.');
    expect(checkRecordRefusal(quiz({ quiz: { type: 'set', answer: ['AB'], tolerance: 1 } }))).toBe('The field "quiz.tolerance" is not allowed in a set quiz.');
    expect(() => checkRecordOf(quiz({ quiz: { type: 'number', answer: 'x', tolerance: 0 } }), id)).toThrow();
  });

  it('keeps a check’s id only when it grades alike; a quiz’s solution is its answer in words', () => {
    const a = storedCheckOf(checkRecordOf(quiz({ quiz: { type: 'number', answer: 25, tolerance: 0.5 } }), id));
    const reworded = storedCheckOf(checkRecordOf(quiz({ task: 'Another wording of it.', hints: [], quiz: { type: 'number', answer: 25, tolerance: 0.5 } }), id));
    const changed = storedCheckOf(checkRecordOf(quiz({ quiz: { type: 'number', answer: 26, tolerance: 0.5 } }), id));
    expect(gradesAlike(a, reworded)).toBe(true);
    expect(gradesAlike(a, changed)).toBe(false);
    expect(solutionOf(a)).toBe('25 (± 0.5)');
  });

  it('keeps columnOrder, faultAtWrite and probe messages where given, and grades a check without them as before', () => {
    const state = { kind: 'state', task: 'Move 10 from account 1 to 2.', referenceSql: 'UPDATE a SET b = 1', verifySql: 'SELECT * FROM a' } as const;
    const plain = storedCheckOf(checkRecordOf({ ...state, probes: [{ sql: 'SELECT 1', expect: 'holds' }] } as CheckDto, id));
    expect(plain).toEqual({ _id: id.toHexString(), ...state, probes: [{ sql: 'SELECT 1', expect: 'holds' }], hints: [], explanation: '' });
    const tuned = storedCheckOf(checkRecordOf({ ...state, columnOrder: 'strict', faultAtWrite: 2, probes: [{ sql: 'SELECT 1', expect: 'holds', message: 'It must hold.' }] } as CheckDto, id));
    expect(tuned).toMatchObject({ columnOrder: 'strict', faultAtWrite: 2, probes: [{ sql: 'SELECT 1', expect: 'holds', message: 'It must hold.' }] });
    expect(gradesAlike(plain, tuned)).toBe(false);
    expect(checkRecordRefusal({ task: 'List them all.', referenceSql: 'SELECT 1', faultAtWrite: 2 } as CheckDto)).toBe('The field "faultAtWrite" is not allowed in a query check.');
  });

  it('keeps an exercise\'s difficulty and second solution; the learner sees the difficulty, and a new one keeps the check\'s id (issue 33)', () => {
    const query = { task: 'List every facility by name.', referenceSql: 'SELECT name FROM facility ORDER BY name' };
    const plain = storedCheckOf(checkRecordOf(query as CheckDto, id));
    const exercise = storedCheckOf(checkRecordOf({ ...query, difficulty: 'easy', alternative: { sql: 'SELECT name FROM facility ORDER BY 1', tradeoff: 'A position is shorter.' } } as CheckDto, id));
    expect(exercise).toMatchObject({ difficulty: 'easy', alternative: { sql: 'SELECT name FROM facility ORDER BY 1', tradeoff: 'A position is shorter.' } });
    expect(plain).not.toHaveProperty('difficulty');
    expect(learnerCheckOf(exercise)).toEqual({ _id: id.toHexString(), kind: 'query', task: query.task, hintCount: 0, difficulty: 'easy' });
    expect(learnerCheckOf(exercise)).not.toHaveProperty('alternative');
    expect(gradesAlike(plain, exercise)).toBe(true);
    const quiz = { kind: 'quiz', task: 'How many facilities are free?', quiz: { type: 'number', answer: 4, tolerance: 0 } };
    expect(checkRecordRefusal({ ...quiz, alternative: { sql: 'SELECT 4', tradeoff: 'None.' } } as CheckDto)).toBe('The field "alternative" is not allowed in a quiz check.');
  });

  it('keeps a PostgreSQL-only check\'s engines, shows it to the learner, and grades it apart from the same check on both engines (issue 32)', () => {
    const query = { task: 'Totals by region with a grand total.', referenceSql: 'SELECT region, SUM(x) FROM t GROUP BY ROLLUP (region)' };
    const both = storedCheckOf(checkRecordOf(query as CheckDto, id));
    const postgresOnly = storedCheckOf(checkRecordOf({ ...query, engines: ['postgres'] } as CheckDto, id));
    expect(postgresOnly).toMatchObject({ engines: ['postgres'] });
    expect(both).not.toHaveProperty('engines');
    expect(learnerCheckOf(postgresOnly)).toEqual({ _id: id.toHexString(), kind: 'query', task: query.task, hintCount: 0, engines: ['postgres'] });
    expect(learnerCheckOf(both)).not.toHaveProperty('engines');
    expect(gradesAlike(both, postgresOnly)).toBe(false);
    expect(checkRecordRefusal({ ...quiz({ quiz: { type: 'number', answer: 4, tolerance: 0 } }), engines: ['postgres'] } as CheckDto)).toBe('The field "engines" is not allowed in a quiz check.');
  });
});
