import type { FinishedProject, SavedQuestion } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { dropEntries, putEntry, refreshEntry, sameEntry } from './progress-lists.js';

const project = (id: string, title = `Project ${id}`): FinishedProject => ({ _id: id, title, difficulty: 'beginner', courseId: 'c1' });
const question: SavedQuestion = { _id: 'q1', topic: 'sql', question: 'What is a join?', answer: 'Rows combined.' };

describe('sameEntry', () => {
  it('compares every copied field, whatever their order', () => {
    expect(sameEntry(project('a'), { courseId: 'c1', difficulty: 'beginner', title: 'Project a', _id: 'a' })).toBe(true);
    expect(sameEntry(project('a'), project('a', 'Renamed'))).toBe(false);
    expect(sameEntry(project('a'), { ...project('a'), courseId: null })).toBe(false);
    expect(sameEntry(question, { ...question, answer: 'Edited.' })).toBe(false);
  });
});

describe('putEntry', () => {
  it('appends an entity the list does not hold', () => {
    expect(putEntry([project('a')], project('b'))).toEqual([project('a'), project('b')]);
  });

  it('changes nothing when the same copy is there: a second click writes nothing', () => {
    expect(putEntry([project('a'), project('b')], project('a'))).toBeNull();
  });

  it('freshens a stale copy in its place rather than adding a second one', () => {
    expect(putEntry([project('a'), project('b')], project('a', 'Renamed'))).toEqual([project('a', 'Renamed'), project('b')]);
  });

  it('leaves one copy when older data held two', () => {
    expect(putEntry([project('a'), project('b'), project('a')], project('a'))).toEqual([project('a'), project('b')]);
  });
});

describe('refreshEntry', () => {
  it('freshens the copy of a user who holds one', () => {
    expect(refreshEntry([project('a'), project('b')], project('b', 'New title'))).toEqual([project('a'), project('b', 'New title')]);
  });

  it('gives no copy to a user who does not hold one (they unsaved it)', () => {
    expect(refreshEntry([project('a')], project('b', 'New title'))).toBeNull();
  });

  it('changes nothing when the copy is already current (a redelivered event)', () => {
    expect(refreshEntry([project('a', 'New title')], project('a', 'New title'))).toBeNull();
  });
});

describe('dropEntries', () => {
  it('removes the copies of the given entities and keeps the order of the rest', () => {
    expect(dropEntries([project('a'), project('b'), project('c')], new Set(['a', 'c']))).toEqual([project('b')]);
  });

  it('removes duplicates too', () => {
    expect(dropEntries([project('a'), project('a')], new Set(['a']))).toEqual([]);
  });

  it('changes nothing when none is held (unsaving twice, a redelivered delete)', () => {
    expect(dropEntries([project('a')], new Set(['x']))).toBeNull();
    expect(dropEntries([], new Set(['x']))).toBeNull();
  });
});
