import { type ListPage, PAGE_SIZE, routePath, ROUTES, type Topic } from '@dblearn/contracts';
import { toListPage } from '@dblearn/ui';
import { QUESTION_LIST_TAG, qnaApi, questionTag, type QnaQuestionSummary } from './qna-question.js';

export interface QuestionPageRequest {
  /** null for every topic. */
  topic: Topic | null;
  /** From 1. */
  page: number;
}

/** GET /qna?topic=&page=&pageSize=6: one page of the forum, newest first; total is X-Total-Count. */
export const getQuestionsApi = qnaApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<ListPage<QnaQuestionSummary>, QuestionPageRequest>({
      query: ({ topic, page }) => ({ url: routePath(ROUTES.qna.list), params: { ...(topic ? { topic } : {}), page, pageSize: PAGE_SIZE } }),
      transformResponse: (items: QnaQuestionSummary[], meta) => toListPage(items, meta),
      // Each question's tag too: a live change to a question reads again the pages that show it.
      providesTags: (result) => [QUESTION_LIST_TAG, ...(result?.items ?? []).map((item) => questionTag(item._id))],
    }),
  }),
});

export const { useGetQuestionsQuery } = getQuestionsApi;
