import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

/** GET /project/{id}: title, difficulty and content blocks. */
export const getProjectApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getProject: build.query<Project, string>({
      query: (id) => routePath(ROUTES.projects.find, { id }),
      providesTags: (_result, _error, id) => [{ type: 'Project', id }],
    }),
  }),
});

export const { useGetProjectQuery } = getProjectApi;
