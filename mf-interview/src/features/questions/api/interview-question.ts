import type { InterviewQuestion } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

export type { InterviewQuestion };

/** POST /interview and PUT /interview/{id}: all three fields. */
export type InterviewQuestionInput = Omit<InterviewQuestion, '_id'>;

/** The one base API with this area's own tag type (added here, not in libs/web). */
export const interviewApi = baseApi.enhanceEndpoints({ addTagTypes: ['Interview'] });

/** The cache entry every list shares: any write to the bank invalidates it. */
export const QUESTION_LIST_TAG = { type: 'Interview', id: 'LIST' } as const;

export function questionTag(id: string) {
  return { type: 'Interview', id } as const;
}
