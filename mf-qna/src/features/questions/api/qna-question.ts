import type { QnaQuestion, QnaQuestionSummary, QuestionFields } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

export type { QnaQuestion, QnaQuestionSummary };

/** POST /qna and the author's PUT /qna/{id}: the author comes from the token, never from here. */
export type QuestionInput = QuestionFields;

/** The one base API with this area's own tag type (added here, not in libs/web). */
export const qnaApi = baseApi.enhanceEndpoints({ addTagTypes: ['Qna'] });

/** The cache entry every list page shares: any write to the forum invalidates it. */
export const QUESTION_LIST_TAG = { type: 'Qna', id: 'LIST' } as const;

export function questionTag(id: string) {
  return { type: 'Qna', id } as const;
}
