import type { RemoteDefinition } from '@dblearn/federation';
import { Suspense, use, useState } from 'react';
import type { RemoteApp } from '../api/load-remote-app.js';
import { AreaErrorBoundary } from './area-error-boundary.js';
import { AreaLoading } from './area-loading.js';
import { useRemoteLoader } from './remote-loader-context.js';

function LoadedRemote({ app }: { app: Promise<RemoteApp> }) {
  const RemoteAppComponent = use(app);
  // Not created here: the promise is kept in state and the loader caches it, so every render of
  // one attempt gets the very same component from the remote.
  // eslint-disable-next-line react-hooks/static-components
  return <RemoteAppComponent />;
}

/**
 * One feature area, loaded on its first visit. Each attempt gets its own load and its own error
 * boundary; Retry starts the next attempt.
 */
export function RemoteArea({ remote }: { remote: RemoteDefinition }) {
  const load = useRemoteLoader();
  const [attempt, setAttempt] = useState(() => ({ number: 0, app: load(remote.name) }));
  const retry = () => {
    const app = load(remote.name);
    setAttempt((previous) => ({ number: previous.number + 1, app }));
  };
  return (
    <AreaErrorBoundary key={attempt.number} remote={remote} onRetry={retry}>
      <Suspense fallback={<AreaLoading remote={remote} />}>
        <LoadedRemote app={attempt.app} />
      </Suspense>
    </AreaErrorBoundary>
  );
}
