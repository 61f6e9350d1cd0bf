import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '@dblearn/contracts';
import type { AppStore } from '@dblearn/web';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { RemoteLoaderContext, type RemoteAppLoader } from '../features/remotes/index.js';

export interface AppProvidersProps {
  store: AppStore;
  loadRemoteApp: RemoteAppLoader;
  children: ReactNode;
}

/** Everything the shell and the mounted remotes share: the store, the remote loader, the toasts. */
export function AppProviders({ store, loadRemoteApp, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <RemoteLoaderContext value={loadRemoteApp}>
        {children}
        {/* SPEC §4/§8: one container, top-right, 5 s, dragged 80% away to dismiss. */}
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} draggable draggablePercent={TOAST_DRAG_PERCENT} />
      </RemoteLoaderContext>
    </Provider>
  );
}
