import { describe, expect, it } from '@jest/globals';
import { toProgressEntry } from './content.client.js';

describe('toProgressEntry', () => {
  it('copies exactly the fields a finished project keeps', () => {
    const reply = { _id: 'p1', title: 'Library schema', difficulty: 'intermediate', courseId: 'c1', contents: [{ _id: 'b1', header: 'h', detail: 'd' }] };
    expect(toProgressEntry('project', reply)).toEqual({ _id: 'p1', title: 'Library schema', difficulty: 'intermediate', courseId: 'c1' });
  });

  it('keeps a project or tutorial outside any course as courseId null', () => {
    expect(toProgressEntry('tutorial', { _id: 't1', title: 'SELECT', courseId: null, contents: [] })).toEqual({ _id: 't1', courseId: null });
    expect(toProgressEntry('tutorial', { _id: 't1', title: 'SELECT', contents: [] })).toEqual({ _id: 't1', courseId: null });
  });

  it('copies a saved question field by field', () => {
    const reply = { _id: 'q1', topic: 'nosql', question: 'What is CAP?', answer: 'A trade-off.', createdAt: '2026-01-01' };
    expect(toProgressEntry('question', reply)).toEqual({ _id: 'q1', topic: 'nosql', question: 'What is CAP?', answer: 'A trade-off.' });
  });

  it('refuses a reply that is not the entity asked for', () => {
    expect(toProgressEntry('project', { _id: 'p1', title: 'x', difficulty: 'guru' })).toBeNull();
    expect(toProgressEntry('question', { _id: 'q1', topic: 'cooking', question: 'q', answer: 'a' })).toBeNull();
    expect(toProgressEntry('tutorial', { _id: 5 })).toBeNull();
    expect(toProgressEntry('tutorial', { _id: 't1', courseId: { $ne: null } })).toBeNull();
    expect(toProgressEntry('project', null)).toBeNull();
  });
});
