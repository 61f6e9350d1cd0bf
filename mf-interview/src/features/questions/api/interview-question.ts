import type { InterviewQuestion, SavedQuestion } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

export type { InterviewQuestion };

/** A question as a list shows it: a learner's saved copy (svc-users) carries no difficulty. */
export type ShownQuestion = SavedQuestion & Partial<Pick<InterviewQuestion, 'difficulty'>>;

/** POST /interview and PUT /interview/{id}: topic, question, answer and difficulty. */
export type InterviewQuestionInput = Omit<InterviewQuestion, '_id'>;

/** The one base API with this area's own tag type (added here, not in libs/web). */
export const interviewApi = baseApi.enhanceEndpoints({ addTagTypes: ['Interview'] });

/** The cache entry every list shares: any write to the bank invalidates it. */
export const QUESTION_LIST_TAG = { type: 'Interview', id: 'LIST' } as const;

export function questionTag(id: string) {
  return { type: 'Interview', id } as const;
}
