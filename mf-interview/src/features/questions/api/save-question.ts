import { ROUTES, routePath } from '@dblearn/contracts';
import { meApi } from '@dblearn/web';
import { interviewApi, type ShownQuestion } from './interview-question.js';

export interface SavedQuestionChange {
  userId: string;
  question: ShownQuestion;
}

/**
 * POST /users/interview/{userId} with {id}. The button flips at once (the cached profile is patched
 * and put back if the call fails); the profile is then asked again for the server's own list.
 */
export const saveQuestionApi = interviewApi.injectEndpoints({
  endpoints: (build) => ({
    saveQuestion: build.mutation<unknown, SavedQuestionChange>({
      query: ({ userId, question }) => ({ url: routePath(ROUTES.progress.saveQuestion, { userId }), method: ROUTES.progress.saveQuestion.method, body: { id: question._id } }),
      async onQueryStarted({ question }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          meApi.util.updateQueryData('getMe', undefined, (me) => {
            if (!me.savedQuestion.some((saved) => saved._id === question._id)) me.savedQuestion.push(question);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSaveQuestionMutation } = saveQuestionApi;
