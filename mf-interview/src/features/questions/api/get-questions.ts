import { type InterviewDifficulty, type ListPage, PAGE_SIZE, routePath, ROUTES, type Topic } from '@dblearn/contracts';
import { toListPage } from '@dblearn/ui';
import { QUESTION_LIST_TAG, questionTag, type InterviewQuestion, interviewApi } from './interview-question.js';

export interface QuestionPageRequest {
  /** null for every topic. */
  topic: Topic | null;
  /** null for any difficulty. */
  difficulty: InterviewDifficulty | null;
  /** From 1. */
  page: number;
}

/** total is X-Total-Count: how many questions match, across all pages. */
export type QuestionPage = ListPage<InterviewQuestion>;

/** GET /interview?topic=&difficulty=&page=&pageSize=6: one page of the bank, oldest first. */
export const getQuestionsApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestions: build.query<QuestionPage, QuestionPageRequest>({
      query: ({ topic, difficulty, page }) => ({ url: routePath(ROUTES.interview.list), params: { ...(topic ? { topic } : {}), ...(difficulty ? { difficulty } : {}), page, pageSize: PAGE_SIZE } }),
      transformResponse: (items: InterviewQuestion[], meta) => toListPage(items, meta),
      providesTags: (result) => [QUESTION_LIST_TAG, ...(result?.items ?? []).map((item) => questionTag(item._id))],
    }),
  }),
});

export const { useGetQuestionsQuery } = getQuestionsApi;
