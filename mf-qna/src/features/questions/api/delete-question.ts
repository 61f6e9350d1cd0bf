import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, qnaApi, type QnaQuestion } from './qna-question.js';

/** DELETE /qna/{id}: the author or an admin. The question's own entry is dropped, not refetched (it is gone). */
export const deleteQuestionApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    deleteQuestion: build.mutation<QnaQuestion, string>({
      query: (id) => ({ url: routePath(ROUTES.qna.delete, { id }), method: ROUTES.qna.delete.method }),
      invalidatesTags: [QUESTION_LIST_TAG],
    }),
  }),
});

export const { useDeleteQuestionMutation } = deleteQuestionApi;
