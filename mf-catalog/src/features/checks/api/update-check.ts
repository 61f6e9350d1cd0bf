import { ROUTES, routePath } from '@dblearn/contracts';
import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';
import type { AddCheckArgs } from './add-check.js';
import { getStoredChecksApi } from './get-stored-checks.js';

export type UpdateCheckArgs = AddCheckArgs & { checkId: string };

/**
 * PUT /project/updateCheck/{projectId}: 400 like adding. A changed reference or answer gives the check
 * a new id (old passes stop counting), so the learner's view and passes are invalidated like on delete.
 * The editor's list takes the saved check from the answer (its id) and what was sent (the rest): no refetch.
 */
export const updateCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    updateCheck: build.mutation<Project, UpdateCheckArgs>({
      query: ({ projectId, checkId, ...body }) => ({ url: routePath(ROUTES.projects.updateCheck, { projectId }), method: ROUTES.projects.updateCheck.method, body: { id: checkId, ...body } }),
      async onQueryStarted({ projectId, checkId, ...body }, { dispatch, queryFulfilled }) {
        const { data: project } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!project) return;
        dispatch(
          getStoredChecksApi.util.updateQueryData('getStoredChecks', projectId, (stored) => {
            const at = stored.checks.findIndex((check) => check._id === checkId);
            const saved = project.checks[at];
            if (saved) stored.checks[at] = { ...body, _id: saved._id };
          }),
        );
      },
      invalidatesTags: (_result, _error, { projectId }) => [
        { type: 'Project', id: projectId },
        { type: 'CheckPasses', id: projectId },
      ],
    }),
  }),
});

export const { useUpdateCheckMutation } = updateCheckApi;
