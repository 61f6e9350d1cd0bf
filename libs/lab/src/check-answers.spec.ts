import { describe, expect, it } from '@jest/globals';
import { checkAnswerRefusal, checksLeftMessage } from './check-answers.js';

describe('checkAnswerRefusal', () => {
  it('asks each kind for its own field, and a quiz for an answer of its shape', () => {
    expect(checkAnswerRefusal({ kind: 'query' }, { query: '{}' })).toBe('This check takes sql.');
    expect(checkAnswerRefusal({ kind: 'state' }, { sql: 'DELETE FROM t' })).toBeNull();
    expect(checkAnswerRefusal({ kind: 'mongo' }, { sql: 'SELECT 1' })).toBe('This check takes a mongo query.');
    const quiz = { type: 'choice' as const, options: ['a', 'b'], correct: [1] };
    expect(checkAnswerRefusal({ kind: 'quiz', quiz }, {})).toBe('This check takes an answer.');
    expect(checkAnswerRefusal({ kind: 'quiz', quiz }, { answer: [4] })).toBe('Option 4 does not exist.');
    expect(checkAnswerRefusal({ kind: 'quiz', quiz }, { answer: [1] })).toBeNull();
  });
});

describe('checksLeftMessage', () => {
  it('counts and quotes the tasks left, cutting a long one', () => {
    expect(checksLeftMessage(['Members in London.'])).toBe('Pass every check of this project before finishing it: 1 check is left: “Members in London.”');
    const long = 'x'.repeat(100);
    expect(checksLeftMessage(['A', long])).toBe(`Pass every check of this project before finishing it: 2 checks are left: “A”, “${'x'.repeat(79)}…”`);
  });
});
