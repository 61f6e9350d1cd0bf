import { AppProviders } from '@dblearn/app-providers';
import { BrowserRouter } from '@dblearn/web/router';
import { loadRemoteApp, RemoteLoaderContext } from '../features/remotes/index.js';
import { AppRoutes } from './router.js';
import { store } from './store.js';

export function App() {
  return (
    <AppProviders store={store}>
      <RemoteLoaderContext value={loadRemoteApp}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </RemoteLoaderContext>
    </AppProviders>
  );
}
