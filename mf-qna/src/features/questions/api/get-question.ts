import { ROUTES, routePath } from '@dblearn/contracts';
import { qnaApi, questionTag, type QnaQuestion } from './qna-question.js';

/** GET /qna/{id}: the question with its replies (the detail page and the edit form). */
export const getQuestionApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestion: build.query<QnaQuestion, string>({
      query: (id) => routePath(ROUTES.qna.find, { id }),
      providesTags: (_result, _error, id) => [questionTag(id)],
    }),
  }),
});

export const { useGetQuestionQuery } = getQuestionApi;
