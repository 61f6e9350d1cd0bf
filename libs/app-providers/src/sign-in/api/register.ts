import { AUTH_HEADER, type PublicUser, type RegisterRequest } from '@dblearn/contracts';
import { baseApi } from '@dblearn/web';

export interface Registration {
  user: PublicUser;
  /** From the x-auth-token response header; null if the gateway did not expose it. */
  token: string | null;
}

/** POST /users: the new user in the body, the token in the x-auth-token header. */
export const registerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Registration, RegisterRequest>({
      query: (account) => ({ url: '/users', method: 'POST', body: account }),
      transformResponse: (user: PublicUser, meta) => ({ user, token: meta?.response?.headers.get(AUTH_HEADER) ?? null }),
    }),
  }),
});

export const { useRegisterMutation } = registerApi;
