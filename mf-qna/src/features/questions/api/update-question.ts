import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, qnaApi, questionTag, type QnaQuestion, type QuestionInput } from './qna-question.js';

/** PUT /qna/{id} with topic, title and description: the author's edit. */
export const updateQuestionApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    updateQuestion: build.mutation<QnaQuestion, { id: string; question: QuestionInput }>({
      query: ({ id, question }) => ({ url: routePath(ROUTES.qna.update, { id }), method: ROUTES.qna.update.method, body: question }),
      invalidatesTags: (_result, _error, { id }) => [QUESTION_LIST_TAG, questionTag(id)],
    }),
  }),
});

export const { useUpdateQuestionMutation } = updateQuestionApi;
