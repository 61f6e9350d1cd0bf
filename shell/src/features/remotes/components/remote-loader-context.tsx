import { createContext, useContext } from 'react';
import type { RemoteAppLoader } from '../api/load-remote-app.js';

export const RemoteLoaderContext = createContext<RemoteAppLoader | null>(null);

export function useRemoteLoader(): RemoteAppLoader {
  const loader = useContext(RemoteLoaderContext);
  if (!loader) throw new Error('RemoteArea needs a RemoteLoaderContext provider (AppProviders gives one).');
  return loader;
}
