import { ROUTES, routePath } from '@dblearn/contracts';
import type { GatewayCallOptions } from '@dblearn/web';
import { QUESTION_LIST_TAG, qnaApi, questionTag, type QnaQuestion } from './qna-question.js';

/** SPEC §8: a reply that fails other than with a 4xx is logged and nothing is shown. */
const logOnlyUnexpected: GatewayCallOptions = { logOnlyUnexpected: true };

/** POST /qna/{id}/replies with {reply}: the detail shows the answer, the lists their new reply count. */
export const addReplyApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    addReply: build.mutation<QnaQuestion, { questionId: string; reply: string }>({
      query: ({ questionId, reply }) => ({ url: routePath(ROUTES.qna.reply, { id: questionId }), method: ROUTES.qna.reply.method, body: { reply } }),
      extraOptions: logOnlyUnexpected,
      invalidatesTags: (_result, error, { questionId }) => (error ? [] : [QUESTION_LIST_TAG, questionTag(questionId)]),
    }),
  }),
});

export const { useAddReplyMutation } = addReplyApi;
