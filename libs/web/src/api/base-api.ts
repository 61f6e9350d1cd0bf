import { AUTH_HEADER } from '@dblearn/contracts';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { selectIsSignedIn, selectToken, signedOut, type SessionState } from '../session/session-slice.js';
import { toast } from '../toasts/toasts.js';
import { errorStatus } from './api-errors.js';

/** Every call goes to the gateway through the host it came from (the shell server proxies /api). */
export const API_BASE_URL = '/api';
/** SPEC §8: what a person sees for any answer outside 400–499, or no answer at all. */
export const UNEXPECTED_ERROR_MESSAGE = 'Unexpected Error';
/**
 * The cache tags every page shares (the signed-in user's profile and review deck). A feature area adds its own,
 * without editing this file: `baseApi.enhanceEndpoints({ addTagTypes: ['Course'] }).injectEndpoints(...)`
 * (see libs/federation/README.md "How to add a remote").
 */
export const API_TAGS = ['User', 'Review'] as const;

/**
 * A call's `extraOptions` (RTK Query passes them to the base query). `logOnlyUnexpected`: failures
 * other than a 4xx are written to the console and shown to nobody (SPEC §8, Q&A replies).
 */
export interface GatewayCallOptions {
  logOnlyUnexpected?: boolean;
}

interface StateWithSession {
  session: SessionState;
}

const fetchFromGateway = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  // JSON answers (and error envelopes) parse as JSON; POST /auth answers the token as text/plain.
  responseHandler: 'content-type',
  prepareHeaders: (headers, { getState }) => {
    const token = selectToken(getState() as StateWithSession);
    if (token) headers.set(AUTH_HEADER, token);
    return headers;
  },
});

export function notifyUnexpectedError(): void {
  // One toast however many calls fail together.
  toast.error(UNEXPECTED_ERROR_MESSAGE, { toastId: 'unexpected-error' });
}

/**
 * fetchBaseQuery plus the two rules every call shares (SPEC §8, DESIGN principle 5): the gateway's
 * 401 ends the session, and anything but a 4xx answer raises "Unexpected Error". A 4xx is the
 * caller's to show (a form shows it under its field).
 */
export const gatewayBaseQuery: typeof fetchFromGateway = async (
  args,
  api,
  extraOptions,
) => {
  const result = await fetchFromGateway(args, api, extraOptions);
  if (result.error && !api.signal.aborted) {
    const status = errorStatus(result.error);
    if (status === 401 && selectIsSignedIn(api.getState() as StateWithSession)) api.dispatch(signedOut());
    if (status === null || status < 400 || status > 499) {
      if ((extraOptions as GatewayCallOptions | undefined)?.logOnlyUnexpected) console.error('Gateway call failed:', result.error);
      else notifyUnexpectedError();
    }
  }
  return result;
};

/** The one RTK Query API. Feature areas add their tags with `enhanceEndpoints` and their calls with `injectEndpoints`. */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: gatewayBaseQuery,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});
