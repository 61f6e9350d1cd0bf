import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, type InterviewQuestion, type InterviewQuestionInput, interviewApi } from './interview-question.js';

/** POST /interview (admin): the lists refetch, so the new question shows without a reload. */
export const createQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    createQuestion: build.mutation<InterviewQuestion, InterviewQuestionInput>({
      query: (body) => ({ url: routePath(ROUTES.interview.create), method: ROUTES.interview.create.method, body }),
      invalidatesTags: [QUESTION_LIST_TAG],
    }),
  }),
});

export const { useCreateQuestionMutation } = createQuestionApi;
