import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, qnaApi, questionTag, type QnaQuestion } from './qna-question.js';

/** PUT /qna/accept/{questionId} with {id}: the author (or an admin) accepts a reply; {id: null} (admins) clears it. */
export const acceptReplyApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    acceptReply: build.mutation<QnaQuestion, { questionId: string; replyId: string | null }>({
      query: ({ questionId, replyId }) => ({ url: routePath(ROUTES.qna.accept, { questionId }), method: ROUTES.qna.accept.method, body: { id: replyId } }),
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [QUESTION_LIST_TAG, questionTag(questionId)]),
    }),
  }),
});

export const { useAcceptReplyMutation } = acceptReplyApi;
