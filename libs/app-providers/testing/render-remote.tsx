import { createAppStore, type AppStore } from '@dblearn/web';
import { MemoryRouter, unsignedToken } from '@dblearn/web/testing';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ComponentType } from 'react';
import { useLocation } from '@dblearn/web/router';
import { AppProviders } from '../src/app-providers.js';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="current-location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderRemoteOptions {
  /** Signed in as the test learner (LEARNER), or as an admin. */
  admin?: boolean;
}

export interface RenderedRemote extends RenderResult {
  store: AppStore;
  /** Path and query the router is at after the test's clicks and redirects. */
  location: () => string | null;
}

/**
 * A remote's exposed App as the shell mounts it, for component tests: the one store (signed in),
 * a router at `path`, the toasts. Rendering is awaited inside act() so first loads settle.
 */
export async function renderRemote(App: ComponentType, path: string, { admin = false }: RenderRemoteOptions = {}): Promise<RenderedRemote> {
  const store = createAppStore({ token: unsignedToken({ isAdmin: admin }), syncAcrossTabs: false });
  const result = await act(async () =>
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[path]}>
          <App />
          <CurrentLocation />
        </MemoryRouter>
      </AppProviders>,
    ),
  );
  return { ...result, store, location: () => result.getByTestId('current-location').textContent };
}
