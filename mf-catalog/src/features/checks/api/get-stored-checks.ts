import { ROUTES, routePath } from '@dblearn/contracts';
import type { StoredChecks } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';

/** GET /project/check/{projectId} (admins): the checks with their references and answers, for the check editor. */
export const getStoredChecksApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    getStoredChecks: build.query<StoredChecks, string>({
      query: (projectId) => routePath(ROUTES.projects.storedChecks, { projectId }),
      providesTags: (_result, _error, projectId) => [{ type: 'StoredChecks', id: projectId }],
    }),
  }),
});

export const { useGetStoredChecksQuery } = getStoredChecksApi;
