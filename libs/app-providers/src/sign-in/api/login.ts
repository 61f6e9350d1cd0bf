import type { VerifyCredentialsRequest } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

/** POST /auth: the answer's body is the token itself (text/plain). */
export const loginApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<string, VerifyCredentialsRequest>({
      query: (credentials) => ({ url: '/auth', method: 'POST', body: credentials }),
      transformResponse: (body: unknown) => (typeof body === 'string' ? body.trim() : ''),
    }),
  }),
});

export const { useLoginMutation } = loginApi;
