import { ROUTES, routePath } from '@dblearn/contracts';
import type { Difficulty } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

export interface CreateProjectArgs {
  title: string;
  difficulty: Difficulty;
  courseId: string;
}

/**
 * POST /project with courseId: created and attached to the course in the same call (CONTRACT), so no
 * separate attach can fail half-way.
 */
export const createProjectApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    createProject: build.mutation<Project, CreateProjectArgs>({
      query: (body) => ({ url: routePath(ROUTES.projects.create), method: ROUTES.projects.create.method, body }),
      invalidatesTags: (_result, _error, { courseId }) => [{ type: 'Course', id: courseId }],
    }),
  }),
});

export const { useCreateProjectMutation } = createProjectApi;
