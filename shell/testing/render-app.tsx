import { AppProviders } from '@dblearn/app-providers';
import type { RemoteName } from '@dblearn/federation';
import { createAppStore, type AppStore } from '@dblearn/web';
import { jsonResponse, MemoryRouter, stubFetch, type StubbedFetch } from '@dblearn/web/testing';
import { act, render, type RenderResult } from '@testing-library/react';
import { useLocation } from '@dblearn/web/router';
import { AppRoutes } from '../src/app/router.js';
import { RemoteLoaderContext, type RemoteApp, type RemoteAppLoader } from '../src/features/remotes/index.js';

export const TEAM = [
  { name: 'Ada Lovelace', email: 'ada@dblearn.test' },
  { name: 'Grace Hopper', email: 'grace@dblearn.test' },
  { name: 'Edgar Codd', email: 'codd@dblearn.test' },
  { name: 'Jim Gray', email: 'gray@dblearn.test' },
  { name: 'Barbara Liskov', email: 'liskov@dblearn.test' },
  { name: 'Michael Stonebraker', email: 'stonebraker@dblearn.test' },
];

/** Shows where the router is, so a test can read the path after redirects. */
function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname}</output>;
}

/** A loader for tests: every area renders a heading with its name. */
export const fakeRemotes: RemoteAppLoader = async (name: RemoteName) => {
  const FakeArea: RemoteApp = () => <h1>{`${name} area`}</h1>;
  return FakeArea;
};

export interface RenderAppOptions {
  token?: string | null;
  loadRemoteApp?: RemoteAppLoader;
  /** Answers for /api calls the app makes (GET /users/me and /users/me/review by default answer 200). */
  api?: (request: Request) => Response | Promise<Response>;
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  fetchStub: StubbedFetch;
  path: () => string | null;
}

/**
 * The whole shell at `path`, with a stubbed network: /config.json gives six contacts. Rendering is
 * awaited inside act() so areas that suspend on their load settle within the test.
 */
export async function renderApp(
  path: string,
  { token = null, loadRemoteApp = fakeRemotes, api }: RenderAppOptions = {},
): Promise<RenderedApp> {
  const fetchStub = stubFetch(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/config.json') return jsonResponse({ teamContacts: TEAM });
    if (api) return api(request);
    if (pathname === '/api/users/me') return jsonResponse({ _id: 'u1', email: 'learner@dblearn.test', skill: 'beginner', isAdmin: false, savedQuestion: [], finishedProject: [] });
    if (pathname === '/api/users/me/review') return jsonResponse({ due: [], dueCount: 0, total: 0, streak: 0 });
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Nothing here.' }, 404);
  });
  const store = createAppStore({ token, syncAcrossTabs: false });
  const result = await act(async () =>
    render(
      <AppProviders store={store}>
        <RemoteLoaderContext value={loadRemoteApp}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
            <CurrentPath />
          </MemoryRouter>
        </RemoteLoaderContext>
      </AppProviders>,
    ),
  );
  return { ...result, store, fetchStub, path: () => result.getByTestId('current-path').textContent };
}
