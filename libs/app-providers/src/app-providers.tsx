import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@dblearn/contracts';
import { subscribeToToastRequests, toastsRequested, type AppStore } from '@dblearn/web';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';

// react-toastify (about 9.5 kB gzipped) loads with the first toast, not with the page.
const ToastContainer = lazy(() => import('react-toastify').then(({ ToastContainer }) => ({ default: ToastContainer })));

export interface AppProvidersProps {
  store: AppStore;
  children: ReactNode;
}

/** The one toast container, mounted once the page first asks for a toast. */
function Toasts() {
  const requested = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      {/* SPEC §4/§8: one container, top-right, 5 s, dragged 80% away to dismiss. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={TOAST_DRAG_PERCENT} />
    </Suspense>
  );
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
      <Toasts />
    </Provider>
  );
}
