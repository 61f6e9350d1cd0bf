import { ROUTES, routePath } from '@dblearn/contracts';
import type { UserProfile } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

/** PATCH /users/me (a new display name) and DELETE /users/me (the owner deletes the account). */
export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    renameAccount: build.mutation<UserProfile, { displayName: string }>({
      query: (body) => ({ url: routePath(ROUTES.users.updateMe), method: ROUTES.users.updateMe.method, body }),
      invalidatesTags: ['User'],
    }),
    deleteAccount: build.mutation<{ deleted: true }, { password: string }>({
      query: (body) => ({ url: routePath(ROUTES.users.deleteMe), method: ROUTES.users.deleteMe.method, body }),
    }),
  }),
});

export const { useRenameAccountMutation, useDeleteAccountMutation } = accountApi;
