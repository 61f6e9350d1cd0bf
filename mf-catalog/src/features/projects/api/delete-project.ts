import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

/** DELETE /project/{id}: detached from its course and gone from every learner's finished list. */
export const deleteProjectApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    deleteProject: build.mutation<Project, { id: string; courseId: string }>({
      query: ({ id }) => ({ url: routePath(ROUTES.projects.delete, { id }), method: ROUTES.projects.delete.method }),
      invalidatesTags: (_result, _error, { id, courseId }) => [
        { type: 'Project', id },
        { type: 'Course', id: courseId },
        'User',
      ],
    }),
  }),
});

export const { useDeleteProjectMutation } = deleteProjectApi;
