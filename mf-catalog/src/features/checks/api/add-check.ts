import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';

export interface AddCheckArgs {
  projectId: string;
  task: string;
  referenceSql: string;
}

/** PUT /project/check/{projectId}: 400 when the reference does not run on the course's sandbox. */
export const addCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    addCheck: build.mutation<Project, AddCheckArgs>({
      query: ({ projectId, ...body }) => ({ url: `/project/check/${projectId}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { projectId }) => [
        { type: 'Project', id: projectId },
        { type: 'StoredChecks', id: projectId },
      ],
    }),
  }),
});

export const { useAddCheckMutation } = addCheckApi;
