import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, qnaApi, questionTag, type QnaQuestion } from './qna-question.js';

/** PUT /qna/reply/{questionId} with {id}: the reply's author or an admin removes it. */
export const deleteReplyApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    deleteReply: build.mutation<QnaQuestion, { questionId: string; replyId: string }>({
      query: ({ questionId, replyId }) => ({ url: routePath(ROUTES.qna.deleteReply, { questionId }), method: ROUTES.qna.deleteReply.method, body: { id: replyId } }),
      invalidatesTags: (_result, _error, { questionId }) => [QUESTION_LIST_TAG, questionTag(questionId)],
    }),
  }),
});

export const { useDeleteReplyMutation } = deleteReplyApi;
