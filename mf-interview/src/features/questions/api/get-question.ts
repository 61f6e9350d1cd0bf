import { ROUTES, routePath } from '@dblearn/contracts';
import { questionTag, type InterviewQuestion, interviewApi } from './interview-question.js';

/** GET /interview/{id}: the question the admin form edits. */
export const getQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    getQuestion: build.query<InterviewQuestion, string>({
      query: (id) => routePath(ROUTES.interview.find, { id }),
      providesTags: (_result, _error, id) => [questionTag(id)],
    }),
  }),
});

export const { useGetQuestionQuery } = getQuestionApi;
