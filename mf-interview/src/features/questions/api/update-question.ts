import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, questionTag, type InterviewQuestion, type InterviewQuestionInput, interviewApi } from './interview-question.js';

/**
 * PUT /interview/{id} (admin). Lists and the question refetch; saved copies in users follow through
 * an event, so the profile ('User') is asked again too.
 */
export const updateQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    updateQuestion: build.mutation<InterviewQuestion, { id: string; question: InterviewQuestionInput }>({
      query: ({ id, question }) => ({ url: routePath(ROUTES.interview.update, { id }), method: ROUTES.interview.update.method, body: question }),
      invalidatesTags: (_result, _error, { id }) => [QUESTION_LIST_TAG, questionTag(id), 'User'],
    }),
  }),
});

export const { useUpdateQuestionMutation } = updateQuestionApi;
