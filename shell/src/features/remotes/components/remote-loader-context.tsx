import { createContext, useContext } from 'react';
import { loadRemoteApp, type RemoteAppLoader } from '../api/load-remote-app.js';

/** Tests put their own loader here; the page uses loadRemoteApp. */
export const RemoteLoaderContext = createContext<RemoteAppLoader | null>(null);

export function useRemoteLoader(): RemoteAppLoader {
  return useContext(RemoteLoaderContext) ?? loadRemoteApp;
}
