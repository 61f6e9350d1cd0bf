// The dashboard's test data and the store `npm run start:alone` begins with (browser-safe: no msw/node).
import { type Course, type Difficulty, type Topic, type UserProfile } from '@dblearn/contracts';
import { LEARNER } from '@dblearn/web/testing';
import type { DashboardStore } from './handlers.js';

export interface CourseShape {
  topic?: Topic;
  tutorials?: number;
  projects?: number;
  difficulty?: Difficulty;
}

/** Courses c1, c2... with tutorials c1-t1... and projects c1-p1... (every project of `difficulty`). */
export function makeCourses(shapes: readonly CourseShape[]): Course[] {
  return shapes.map(({ topic = 'sql', tutorials = 3, projects = 2, difficulty = 'intermediate' }, index) => {
    const id = `c${index + 1}`;
    return {
      _id: id,
      topic,
      name: `Course ${index + 1}`,
      teacher: 'Edgar Codd',
      length: '3 hours',
      tutorials: Array.from({ length: tutorials }, (_, t) => ({ _id: `${id}-t${t + 1}`, title: `Tutorial ${t + 1}` })),
      projects: Array.from({ length: projects }, (_, p) => ({ _id: `${id}-p${p + 1}`, title: `Project ${p + 1}`, difficulty })),
    };
  });
}

export function makeProfile(progress: Partial<Pick<UserProfile, 'savedQuestion' | 'finishedProject' | 'readTutorial' | 'skill'>> = {}): UserProfile {
  return { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [], ...progress };
}

/** What a remote run alone shows: a learner halfway through two of three courses. */
export function aloneStore(): DashboardStore {
  const courses = makeCourses([{ topic: 'sql', tutorials: 4, projects: 2 }, { topic: 'nosql', tutorials: 3, projects: 1 }, { topic: 'rm', tutorials: 2, projects: 1 }]);
  return {
    courses,
    profile: makeProfile({
      readTutorial: [{ _id: 'c1-t1', courseId: 'c1' }, { _id: 'c1-t2', courseId: 'c1' }, { _id: 'c2-t1', courseId: 'c2' }],
      finishedProject: [{ _id: 'c1-p1', title: 'Project 1', difficulty: 'intermediate', courseId: 'c1' }],
      savedQuestion: [{ _id: 'q1', topic: 'sql', question: 'What does a LEFT JOIN keep?', answer: 'Every row of the left table, matched or not.' }],
    }),
  };
}
