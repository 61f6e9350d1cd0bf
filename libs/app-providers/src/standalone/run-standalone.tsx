import '@dblearn/ui/styles.css';
import './standalone.css';
import { createAppStore } from '@dblearn/web';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@dblearn/web/router';
import { AppProviders } from '../app-providers.js';
import { StandaloneFrame } from './standalone-frame.js';

export interface StandaloneOptions {
  /** What the remote is called (REMOTES[name].title). */
  title: string;
  /** The remote's exposed `./App`, the very component the shell mounts. */
  App: ComponentType;
}

/**
 * A remote's `src/bootstrap.tsx` calls this: the remote's App with the providers the shell gives it
 * (one store, a browser router, the toasts) and a sign-in form, on the remote's own dev server.
 */
export function runStandalone({ title, App }: StandaloneOptions): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const store = createAppStore();
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store}>
        <BrowserRouter>
          <StandaloneFrame title={title}>
            <App />
          </StandaloneFrame>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
