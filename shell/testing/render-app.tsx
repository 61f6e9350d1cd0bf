import { AppProviders } from '@dblearn/app-providers';
import { API_PREFIX, apiPath, ROUTES } from '@dblearn/contracts';
import type { RemoteName } from '@dblearn/federation';
import { createAppStore, type AppStore } from '@dblearn/web';
import { MemoryRouter } from '@dblearn/web/testing';
import { type GatewayCalls, recordGatewayCalls, refusal } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { act, render, type RenderResult } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
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
  /** msw handlers for /api calls, before the defaults (GET /users/me and /users/me/review answer 200, any other 404). */
  api?: readonly RequestHandler[];
}

export interface RenderedApp extends RenderResult {
  store: AppStore;
  /** Every /api call the app made. */
  gateway: GatewayCalls;
  path: () => string | null;
}

/** What the shell asks of the gateway on any page, answered for a plain learner. */
const DEFAULT_GATEWAY = [
  http.get(apiPath(ROUTES.users.me), () => HttpResponse.json({ _id: 'u1', email: 'learner@dblearn.test', skill: 'beginner', isAdmin: false, savedQuestion: [], finishedProject: [] })),
  http.get(apiPath(ROUTES.review.deck), () => HttpResponse.json({ due: [], dueCount: 0, total: 0, streak: 0 })),
  http.all(`${API_PREFIX}/*`, () => refusal(404, 'Nothing here.')),
];

/**
 * The whole shell at `path`, with msw as the network: /config.json gives six contacts. Rendering is
 * awaited inside act() so areas that suspend on their load settle within the test.
 */
export async function renderApp(
  path: string,
  { token = null, loadRemoteApp = fakeRemotes, api = [] }: RenderAppOptions = {},
): Promise<RenderedApp> {
  const gateway = recordGatewayCalls();
  server.use(gateway.handler, http.get('/config.json', () => HttpResponse.json({ teamContacts: TEAM })), ...api, ...DEFAULT_GATEWAY);
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
  return { ...result, store, gateway, path: () => result.getByTestId('current-path').textContent };
}
