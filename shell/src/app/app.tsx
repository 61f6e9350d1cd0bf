import { BrowserRouter } from 'react-router-dom';
import { loadRemoteApp } from '../features/remotes/index.js';
import { AppProviders } from './provider.js';
import { AppRoutes } from './router.js';
import { store } from './store.js';

export function App() {
  return (
    <AppProviders store={store} loadRemoteApp={loadRemoteApp}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
