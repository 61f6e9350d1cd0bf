import type { SearchKind, SearchPage } from '@dblearn/contracts';
import { baseApi, type GatewayCallOptions } from '@dblearn/web';

export interface SearchArgs {
  q: string;
  kind?: SearchKind;
  page?: number;
}

/**
 * GET /search (CONTRACT "Search"), only in the search chunk. A failure is shown where the results
 * would be ("Search is unavailable"), not as a toast on every keystroke.
 */
export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<SearchPage, SearchArgs>({
      query: ({ q, kind, page }) => ({ url: '/search', params: { q, ...(kind ? { kind } : {}), ...(page && page > 1 ? { page } : {}) } }),
      extraOptions: { logOnlyUnexpected: true } satisfies GatewayCallOptions,
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchQuery } = searchApi;
