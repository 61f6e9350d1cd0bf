import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';
import type { CheckBody } from './check-kinds.js';

export type AddCheckArgs = { projectId: string } & CheckBody;

/** PUT /project/check/{projectId}: 400 when the reference does not run on the course's sandbox (visible or hidden), a probe is not met, or a quiz is malformed. */
export const addCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    addCheck: build.mutation<Project, AddCheckArgs>({
      query: ({ projectId, ...body }) => ({ url: routePath(ROUTES.projects.addCheck, { projectId }), method: ROUTES.projects.addCheck.method, body }),
      invalidatesTags: (_result, _error, { projectId }) => [
        { type: 'Project', id: projectId },
        { type: 'StoredChecks', id: projectId },
      ],
    }),
  }),
});

export const { useAddCheckMutation } = addCheckApi;
