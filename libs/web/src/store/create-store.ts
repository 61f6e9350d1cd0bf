import { TOKEN_STORAGE_KEY } from '@dblearn/contracts';
import { configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api.js';
import { selectIsSignedIn, signedIn, signedOut } from '../session/session-slice.js';
import { forgetToken, loadStoredToken, storeToken } from '../session/token.js';
import { rootReducer, type RootState } from './root-reducer.js';

/** setTimeout holds at most 2^31 − 1 ms (about 24.8 days); longer sessions wait in steps. */
const LONGEST_TIMER_MS = 2_147_483_647;

export interface AppStoreOptions {
  /** The token to start with; by default the one in localStorage. */
  token?: string | null;
  /** Follow logins and logouts made in other tabs (the `storage` event). Default true. */
  syncAcrossTabs?: boolean;
}

/**
 * The one store of a page. The shell calls this once; a remote run on its own (its standalone
 * bootstrap) calls it once too; a mounted remote never does — it uses the shell's.
 */
export function createAppStore({ token = loadStoredToken(), syncAcrossTabs = true }: AppStoreOptions = {}) {
  const listeners = createListenerMiddleware();
  const startListening = listeners.startListening.withTypes<RootState>();

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(listeners.middleware).concat(baseApi.middleware),
  });

  // localStorage mirrors the session, and an expiring token ends it on time.
  startListening({
    matcher: isAnyOf(signedIn, signedOut),
    effect: async (_action, api) => {
      api.cancelActiveListeners();
      const { token: current, expiresAt } = api.getState().session;
      if (current) storeToken(current);
      else forgetToken();
      if (current === null || expiresAt === null) return;
      for (let remaining = expiresAt - Date.now(); remaining > 0; remaining = expiresAt - Date.now()) {
        await api.delay(Math.min(remaining, LONGEST_TIMER_MS));
      }
      api.dispatch(signedOut());
    },
  });

  // Nothing one person fetched may be shown to the next one on this browser.
  startListening({
    actionCreator: signedOut,
    effect: (_action, api) => {
      api.dispatch(baseApi.util.resetApiState());
    },
  });

  if (token) store.dispatch(signedIn(token));

  if (syncAcrossTabs && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== null && event.key !== TOKEN_STORAGE_KEY) return;
      const stored = loadStoredToken();
      if (stored) store.dispatch(signedIn(stored));
      else if (selectIsSignedIn(store.getState())) store.dispatch(signedOut());
    });
  }

  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
