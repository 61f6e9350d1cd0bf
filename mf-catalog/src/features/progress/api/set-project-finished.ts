import { ROUTES, routePath } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';
import type { Progress } from '../../../lib/content.js';

export interface ProjectMarkArgs {
  userId: string;
  projectId: string;
  finished: boolean;
}

/**
 * POST /users/project/{userId} marks a project finished, PUT unmarks it (SPEC §4 Finish ↔ Finished);
 * /users/me refreshes, so the check marks on the project list follow.
 */
export const setProjectFinishedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    setProjectFinished: build.mutation<Progress, ProjectMarkArgs>({
      query: ({ userId, projectId, finished }) => {
        const route = finished ? ROUTES.progress.finishProject : ROUTES.progress.unfinishProject;
        return { url: routePath(route, { userId }), method: route.method, body: { id: projectId } };
      },
      invalidatesTags: ['User'],
    }),
  }),
});

export const { useSetProjectFinishedMutation } = setProjectFinishedApi;
