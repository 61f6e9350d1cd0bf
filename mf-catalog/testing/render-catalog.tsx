import { createAppStore, type AppStore } from '@dblearn/web';
import { LEARNER, MemoryRouter, unsignedToken } from '@dblearn/web/testing';
import { recordGatewayCalls, type GatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useLocation } from '@dblearn/web/router';
import { ToastContainer } from 'react-toastify';
import CatalogApp from '../src/expose/app.js';
import { catalogHandlers, type CatalogStore } from './handlers.js';

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderedCatalog extends RenderResult {
  store: AppStore;
  /** The calls made to this render's handlers; restore() takes them away (testing/setup-dom.ts does after each test). */
  gateway: GatewayCalls & { restore(): void };
  path: () => string | null;
  /** "GET /api/course?page=1&pageSize=6"… in order. */
  calls: () => string[];
}

afterEach(() => localStorage.clear());

/** The area as the shell mounts it (its store and router), at `path`, signed in as a learner or an admin. */
export async function renderCatalog(path: string, data: CatalogStore, { admin = false } = {}): Promise<RenderedCatalog> {
  const recorded = recordGatewayCalls();
  server.use(recorded.handler, ...catalogHandlers(data));
  const store = createAppStore({ token: unsignedToken(admin ? { isAdmin: true, email: 'admin@dblearn.test' } : {}), syncAcrossTabs: false });
  const result = await act(async () =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <CatalogApp />
          <CurrentPath />
        </MemoryRouter>
        <ToastContainer />
      </Provider>,
    ),
  );
  return {
    ...result,
    store,
    gateway: { ...recorded, restore: () => server.resetHandlers() },
    path: () => result.getByTestId('current-path').textContent,
    calls: () => recorded.calls,
  };
}

export { LEARNER };
