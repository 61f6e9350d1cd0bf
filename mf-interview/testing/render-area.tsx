import { createAppStore, type AppStore } from '@dblearn/web';
import { unsignedToken } from '@dblearn/web/testing';
import { act, render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import InterviewApp from '../src/expose/app.js';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderedArea extends RenderResult {
  store: AppStore;
  /** Path and query the router is at. */
  location: () => string | null;
}

/** The area as the shell mounts it: the one store, a router, the toast container. */
export async function renderArea(path: string, { admin = false } = {}): Promise<RenderedArea> {
  const store = createAppStore({ token: unsignedToken({ isAdmin: admin }), syncAcrossTabs: false });
  const result = await act(async () =>
    render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[path]}>
          <InterviewApp />
          <CurrentLocation />
        </MemoryRouter>
        <ToastContainer />
      </Provider>,
    ),
  );
  return { ...result, store, location: () => result.getByTestId('location').textContent };
}
