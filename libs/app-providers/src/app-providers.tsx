import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@dblearn/contracts';
import type { AppStore } from '@dblearn/web';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/**
 * What every DBLearn page mounts around its routes: the one store (session and base API inside)
 * and the one toast container. The shell mounts it once for itself and every remote it loads; a
 * remote run alone (`npm run dev`) mounts the same thing through `runStandalone`.
 */
export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      {children}
      {/* SPEC §4/§8: one container, top-right, 5 s, dragged 80% away to dismiss. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={TOAST_DRAG_PERCENT} />
    </Provider>
  );
}
