import { baseApi } from '@dblearn/web';
import { QUESTION_LIST_TAG, questionTag, type InterviewQuestion } from './interview-question.js';

/** DELETE /interview/{id} (admin): it leaves the lists and, through an event, every saved list. */
export const deleteQuestionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    deleteQuestion: build.mutation<InterviewQuestion, string>({
      query: (id) => ({ url: `/interview/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [QUESTION_LIST_TAG, questionTag(id), 'User'],
    }),
  }),
});

export const { useDeleteQuestionMutation } = deleteQuestionApi;
