import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Tutorial } from '../../../lib/content.js';

/** DELETE /tutorial/{id}: it leaves its course's list (and the read marks that pointed at it). */
export const deleteTutorialApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    deleteTutorial: build.mutation<Tutorial, { id: string; courseId: string }>({
      query: ({ id }) => ({ url: routePath(ROUTES.tutorials.delete, { id }), method: ROUTES.tutorials.delete.method }),
      invalidatesTags: (_result, _error, { id, courseId }) => [
        { type: 'Tutorial', id },
        { type: 'Course', id: courseId },
      ],
    }),
  }),
});

export const { useDeleteTutorialMutation } = deleteTutorialApi;
