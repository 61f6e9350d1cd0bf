import { DEFAULT_LAB_ENGINE, SQL_ENGINES, type SqlEngine, type UserProfile } from '@dblearn/contracts';
import { baseApi, meApi, useAppDispatch, useGetMeQuery, useSession, type GatewayCallOptions } from '@dblearn/web';
import { useCallback } from 'react';

/** Where a visitor's choice is kept (a signed-in learner's is on the profile). */
export const LAB_ENGINE_STORAGE_KEY = 'dblearn.labEngine';

/** The visitor's choice on this browser, PostgreSQL until they make one (storage may be refused: private modes). */
export function loadStoredLabEngine(): SqlEngine {
  try {
    const stored = globalThis.localStorage?.getItem(LAB_ENGINE_STORAGE_KEY);
    return (SQL_ENGINES as readonly (string | null | undefined)[]).includes(stored) ? (stored as SqlEngine) : DEFAULT_LAB_ENGINE;
  } catch {
    return DEFAULT_LAB_ENGINE;
  }
}

function storeLabEngine(engine: SqlEngine): void {
  try {
    globalThis.localStorage?.setItem(LAB_ENGINE_STORAGE_KEY, engine);
  } catch {
    // Not kept past this page: the switch still works on it.
  }
}

/**
 * The lab's engine lives in the shell's one store, in the shared API cache (issue 32; decision
 * 0038): a learner's is the profile's `labEngine` (GET /users/me, patched at once when they switch,
 * then saved with PATCH /users/me), a visitor's a cache entry read from localStorage. Every block of
 * every remote reads the same entry, so one switch switches the page; none of it is in the shell's
 * first load (it comes with the first SQL block).
 */
export const labEngineApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    visitorLabEngine: build.query<SqlEngine, void>({
      queryFn: () => ({ data: loadStoredLabEngine() }),
    }),
    chooseLabEngine: build.mutation<UserProfile, SqlEngine>({
      query: (labEngine) => ({ url: '/users/me', method: 'PATCH', body: { labEngine } }),
      // The switch works on the page either way; a lost write is only not remembered.
      extraOptions: { logOnlyUnexpected: true } satisfies GatewayCallOptions,
      // The profile is asked again once saved: a GET /users/me answered after the switch (asked
      // before it, or still on its way at the page's start, when the patch below finds no profile
      // to patch) would otherwise leave the page on the old engine. RTK Query delays the ask until
      // that GET is in.
      invalidatesTags: ['User'],
      onQueryStarted(labEngine, { dispatch }) {
        dispatch(
          meApi.util.updateQueryData('getMe', undefined, (profile) => {
            profile.labEngine = labEngine;
          }),
        );
      },
    }),
  }),
});

const { useVisitorLabEngineQuery, useChooseLabEngineMutation } = labEngineApi;

/** The engine every SQL lab of the page runs on, and how to choose another (remembered for the learner or on this browser). */
export function useLabEngine(): [SqlEngine, (engine: SqlEngine) => void] {
  const { isSignedIn } = useSession();
  const profile = useGetMeQuery(undefined, { skip: !isSignedIn });
  const visitor = useVisitorLabEngineQuery(undefined, { skip: isSignedIn });
  const [save] = useChooseLabEngineMutation();
  const dispatch = useAppDispatch();
  const engine = isSignedIn ? (profile.data?.labEngine ?? DEFAULT_LAB_ENGINE) : (visitor.data ?? loadStoredLabEngine());
  const choose = useCallback(
    (next: SqlEngine) => {
      if (isSignedIn) {
        void save(next);
        return;
      }
      storeLabEngine(next);
      void dispatch(labEngineApi.util.upsertQueryData('visitorLabEngine', undefined, next));
    },
    [isSignedIn, save, dispatch],
  );
  return [engine, choose];
}
