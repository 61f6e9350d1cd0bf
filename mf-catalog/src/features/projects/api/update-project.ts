import { ROUTES, routePath } from '@dblearn/contracts';
import type { Difficulty } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

export interface UpdateProjectArgs {
  id: string;
  courseId: string;
  title: string;
  difficulty: Difficulty;
  /** Appends a block; both parts are optional (SPEC §5). */
  content?: { header?: string; detail?: string };
}

/** PUT /project/{id}: the project, its course's list and learners' finished titles follow. */
export const updateProjectApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    updateProject: build.mutation<Project, UpdateProjectArgs>({
      query: ({ id, courseId: _courseId, ...body }) => ({ url: routePath(ROUTES.projects.update, { id }), method: ROUTES.projects.update.method, body }),
      invalidatesTags: (_result, _error, { id, courseId }) => [
        { type: 'Project', id },
        { type: 'Course', id: courseId },
        'User',
      ],
    }),
  }),
});

export const { useUpdateProjectMutation } = updateProjectApi;
