import { ROUTES, routePath } from '@dblearn/contracts';
import { QUESTION_LIST_TAG, questionTag, type InterviewQuestion, interviewApi } from './interview-question.js';

/** DELETE /interview/{id} (admin): it leaves the lists and, through an event, every saved list. */
export const deleteQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    deleteQuestion: build.mutation<InterviewQuestion, string>({
      query: (id) => ({ url: routePath(ROUTES.interview.delete, { id }), method: ROUTES.interview.delete.method }),
      invalidatesTags: (_result, _error, id) => [QUESTION_LIST_TAG, questionTag(id), 'User'],
    }),
  }),
});

export const { useDeleteQuestionMutation } = deleteQuestionApi;
