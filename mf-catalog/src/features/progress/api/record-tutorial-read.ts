import { ROUTES, routePath } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';
import type { Progress } from '../../../lib/content.js';

/** POST /users/tutorial/{userId}: the tutorial page records a read (idempotent on the server). */
export const recordTutorialReadApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    recordTutorialRead: build.mutation<Progress, { userId: string; tutorialId: string }>({
      query: ({ userId, tutorialId }) => ({ url: routePath(ROUTES.progress.readTutorial, { userId }), method: ROUTES.progress.readTutorial.method, body: { id: tutorialId } }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useRecordTutorialReadMutation } = recordTutorialReadApi;
