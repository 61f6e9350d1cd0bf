import type { FinishedProject, PublicUser, ReadTutorial, SavedQuestion, UserProfile } from '@dblearn/contracts';
import type { Types } from 'mongoose';
import type { FinishedProjectSnapshot, ReadTutorialSnapshot, ReviewCardSnapshot, SavedQuestionSnapshot, User } from './users.schema.js';

/** A card as svc-users reads and writes it: the question's copy and its FSRS schedule. */
export interface DeckCard extends SavedQuestion {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: Date | null;
  /** Reviews so far: a grade names the version it saw, so a second post of it finds the card moved on. */
  version: number;
}

/** The fields an answer may show, read from a lean document or a hydrated one alike. */
export type PublicUserFields = Pick<User, 'email' | 'skill' | 'isAdmin' | 'displayName'> & { _id: Types.ObjectId };
export type ProfileFields = PublicUserFields & Partial<Pick<User, 'savedQuestion' | 'finishedProject' | 'readTutorial' | 'deleted'>>;

/** findProfile reads exactly what it answers: no hash, no dates. */
export const PROFILE_PROJECTION = { email: 1, displayName: 1, deleted: 1, skill: 1, isAdmin: 1, savedQuestion: 1, finishedProject: 1, readTutorial: 1 } as const;

// Every answer is built field by field: a document is never spread into a reply, so a field added
// to the schema later (or the hash) cannot slip out by accident.

export function toPublicUser(user: PublicUserFields): PublicUser {
  const _id = user._id.toHexString();
  return { _id, email: user.email, displayName: user.displayName ?? provisionalName(_id), skill: user.skill, isAdmin: user.isAdmin };
}

/** An account from before display names, until the start-up backfill has claimed its generated name (minutes at most). */
export function provisionalName(userId: string): string {
  return `learner-${1000 + (parseInt(userId.slice(-6), 16) % 9000)}`;
}

export function toUserProfile(user: ProfileFields): UserProfile {
  return {
    ...toPublicUser(user),
    savedQuestion: (user.savedQuestion ?? []).map(toSavedQuestion),
    finishedProject: (user.finishedProject ?? []).map(toFinishedProject),
    readTutorial: (user.readTutorial ?? []).map(toReadTutorial),
  };
}

export function toSavedQuestion(question: SavedQuestionSnapshot): SavedQuestion {
  return { _id: question._id.toHexString(), topic: question.topic, question: question.question, answer: question.answer };
}

export function toFinishedProject(project: FinishedProjectSnapshot): FinishedProject {
  return { _id: project._id.toHexString(), title: project.title, difficulty: project.difficulty, courseId: project.courseId?.toHexString() ?? null };
}

export function toReadTutorial(tutorial: ReadTutorialSnapshot): ReadTutorial {
  return { _id: tutorial._id.toHexString(), courseId: tutorial.courseId?.toHexString() ?? null };
}

export function toDeckCard(card: ReviewCardSnapshot): DeckCard {
  const { _id, topic, question, answer, due, stability, difficulty, scheduledDays, learningSteps, reps, lapses, state, lastReview, version } = card;
  return { _id: _id.toHexString(), topic, question, answer, due, stability, difficulty, scheduledDays, learningSteps, reps, lapses, state, lastReview: lastReview ?? null, version };
}
