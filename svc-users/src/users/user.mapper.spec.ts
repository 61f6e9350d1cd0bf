import { describe, expect, it } from '@jest/globals';
import { Types } from 'mongoose';
import { normalizeEmail } from './email.js';
import { type ProfileFields, toPublicUser, toUserProfile } from './user.mapper.js';

const id = new Types.ObjectId('6b020a4dbbae6c41e918ccfe');
const questionId = new Types.ObjectId('6b020a4dbbae6c41e918cc01');
const projectId = new Types.ObjectId('6b020a4dbbae6c41e918cc02');
const courseId = new Types.ObjectId('6b020a4dbbae6c41e918cc03');
const tutorialId = new Types.ObjectId('6b020a4dbbae6c41e918cc04');

/** A document as the database might hand it over, with fields no answer may show. */
const stored = {
  _id: id,
  email: 'ana@example.com',
  displayName: 'Ana L',
  skill: 'intermediate',
  isAdmin: false,
  passwordHash: 'scrypt$16384$8$1$salt$hash',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  savedQuestion: [{ _id: questionId, topic: 'sql', question: 'What is a join?', answer: 'A way to combine rows.', savedAt: 1 }],
  finishedProject: [{ _id: projectId, title: 'Library schema', difficulty: 'beginner', courseId, secret: true }],
  readTutorial: [{ _id: tutorialId, courseId: null, readAt: 1 }],
  snapshotRev: 3,
} as unknown as ProfileFields;

describe('toPublicUser', () => {
  it('shows exactly _id (as hex), email, displayName, skill and isAdmin', () => {
    expect(toPublicUser(stored)).toEqual({ _id: '6b020a4dbbae6c41e918ccfe', email: 'ana@example.com', displayName: 'Ana L', skill: 'intermediate', isAdmin: false });
  });

  it('shows a provisional learner name for an account the start-up backfill has not named yet', () => {
    const { displayName: _named, ...unnamed } = stored;
    expect(toPublicUser(unnamed).displayName).toMatch(/^learner-\d{4}$/);
  });
});

describe('toUserProfile', () => {
  it('adds the saved questions, finished projects and read tutorials, field by field, and never the hash', () => {
    const profile = toUserProfile(stored);
    expect(profile).toEqual({
      _id: '6b020a4dbbae6c41e918ccfe',
      email: 'ana@example.com',
      displayName: 'Ana L',
      skill: 'intermediate',
      isAdmin: false,
      savedQuestion: [{ _id: '6b020a4dbbae6c41e918cc01', topic: 'sql', question: 'What is a join?', answer: 'A way to combine rows.' }],
      finishedProject: [{ _id: '6b020a4dbbae6c41e918cc02', title: 'Library schema', difficulty: 'beginner', courseId: '6b020a4dbbae6c41e918cc03' }],
      readTutorial: [{ _id: '6b020a4dbbae6c41e918cc04', courseId: null }],
      labEngine: 'postgres',
    });
    expect(JSON.stringify(profile)).not.toContain('scrypt');
  });

  it('answers empty lists for an account that predates them', () => {
    const { savedQuestion: _saved, finishedProject: _finished, readTutorial: _read, ...older } = stored;
    const profile = toUserProfile(older as unknown as ProfileFields);
    expect(profile.savedQuestion).toEqual([]);
    expect(profile.finishedProject).toEqual([]);
    expect(profile.readTutorial).toEqual([]);
  });
});

describe('normalizeEmail', () => {
  it('makes one address of every letter case and stray spaces', () => {
    expect(normalizeEmail('  Ana.Lopez@Example.COM ')).toBe('ana.lopez@example.com');
    expect(normalizeEmail('ana.lopez@example.com')).toBe('ana.lopez@example.com');
  });
});
