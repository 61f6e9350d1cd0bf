import { createAppStore, type AppStore } from '@dblearn/web';
import { LEARNER, MemoryRouter, stubFetch, unsignedToken, type StubbedFetch } from '@dblearn/web/testing';
import { act, render, type RenderResult } from '@testing-library/react';
import { Provider } from 'react-redux';
import { useLocation } from '@dblearn/web/router';
import { ToastContainer } from 'react-toastify';
import CatalogApp from '../src/expose/app.js';
import { fakeGateway, type FakeData } from './fake-gateway.js';

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderedCatalog extends RenderResult {
  store: AppStore;
  fetchStub: StubbedFetch;
  path: () => string | null;
  /** "GET /api/course?page=1&pageSize=6"… in order. */
  calls: () => string[];
}

let active: StubbedFetch | undefined;
afterEach(() => {
  active?.restore();
  active = undefined;
  localStorage.clear();
});

/** The area as the shell mounts it (its store and router), at `path`, signed in as a learner or an admin. */
export async function renderCatalog(path: string, data: FakeData, { admin = false } = {}): Promise<RenderedCatalog> {
  const fetchStub = stubFetch(fakeGateway(data));
  active = fetchStub;
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
    fetchStub,
    path: () => result.getByTestId('current-path').textContent,
    calls: () => fetchStub.requests.map((request) => `${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`),
  };
}

export { LEARNER };
