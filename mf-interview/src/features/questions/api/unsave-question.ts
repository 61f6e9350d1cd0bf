import { ROUTES, routePath } from '@dblearn/contracts';
import { interviewApi } from './interview-question.js';
import { meApi } from '@dblearn/web';
import type { SavedQuestionChange } from './save-question.js';

/** PUT /users/interview/{userId} with {id}: the same quick flip as saving, the other way. */
export const unsaveQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    unsaveQuestion: build.mutation<unknown, SavedQuestionChange>({
      query: ({ userId, question }) => ({ url: routePath(ROUTES.progress.unsaveQuestion, { userId }), method: ROUTES.progress.unsaveQuestion.method, body: { id: question._id } }),
      async onQueryStarted({ question }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          meApi.util.updateQueryData('getMe', undefined, (me) => {
            me.savedQuestion = me.savedQuestion.filter((saved) => saved._id !== question._id);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useUnsaveQuestionMutation } = unsaveQuestionApi;
