import { catalogApi } from '../../../lib/catalog-api.js';
import type { Project } from '../../../lib/content.js';
import type { AddCheckArgs } from './add-check.js';
import { getStoredChecksApi } from './get-stored-checks.js';

export interface UpdateCheckArgs extends AddCheckArgs {
  checkId: string;
}

/**
 * PUT /project/updateCheck/{projectId}: 400 when the reference does not run on the course's sandbox.
 * A changed reference gives the check a new id (old passes stop counting), so the learner's view and
 * passes are invalidated like on delete; the editor's list shows the saved check at once.
 */
export const updateCheckApi = catalogApi.injectEndpoints({
  endpoints: (build) => ({
    updateCheck: build.mutation<Project, UpdateCheckArgs>({
      query: ({ projectId, checkId, task, referenceSql }) => ({ url: `/project/updateCheck/${projectId}`, method: 'PUT', body: { id: checkId, task, referenceSql } }),
      async onQueryStarted({ projectId, checkId, referenceSql }, { dispatch, queryFulfilled }) {
        const { data: project } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!project) return;
        dispatch(
          getStoredChecksApi.util.updateQueryData('getStoredChecks', projectId, (stored) => {
            const at = stored.checks.findIndex((check) => check._id === checkId);
            const saved = project.checks[at];
            if (saved) stored.checks[at] = { ...saved, referenceSql };
          }),
        );
      },
      invalidatesTags: (_result, _error, { projectId }) => [
        { type: 'Project', id: projectId },
        { type: 'StoredChecks', id: projectId },
        { type: 'CheckPasses', id: projectId },
      ],
    }),
  }),
});

export const { useUpdateCheckMutation } = updateCheckApi;
