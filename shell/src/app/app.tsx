import { AppProviders } from '@dblearn/app-providers';
import { BrowserRouter } from '@dblearn/web/router';
import { AppRoutes } from './router.js';
import { store } from './store.js';

export function App() {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
