// `npm run dev -w mf-catalog`: this remote alone with its own store, router and toasts.
// TODO(platform-edge): replace with runStandalone from @dblearn/app-providers/standalone (sign-in form included) once it lands.
import '@dblearn/ui/styles.css';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@dblearn/contracts';
import { createAppStore } from '@dblearn/web';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import CatalogApp from './expose/app.js';

const store = createAppStore();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <BrowserRouter>
        <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1.5rem 1rem', fontFamily: 'var(--dbl-font)' }}>
          <CatalogApp />
        </main>
      </BrowserRouter>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={TOAST_DRAG_PERCENT} />
    </Provider>
  </StrictMode>,
);
