import { REMOTE_NAMES, REMOTES, type RemoteDefinition } from '@dblearn/federation';
import { useSession } from '@dblearn/web';
import { matchPath, Navigate, useLocation } from '@dblearn/web/router';
import { lazy, Suspense } from 'react';
import { AreaLoading } from './area-loading.js';

// The loader, the error boundary and the panels come with the first area page, not with /login
// (issue 5: the shell's first load).
const RemoteArea = lazy(() => import('./remote-area.js').then(({ RemoteArea }) => ({ default: RemoteArea })));

/** The area that owns a path (SPEC §2 routes that need a signed-in user), or null. */
export function areaForPath(pathname: string): RemoteDefinition | null {
  for (const name of REMOTE_NAMES) {
    const remote: RemoteDefinition = REMOTES[name];
    if (remote.paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return remote;
  }
  return null;
}

/**
 * Everything that is not a shell page: a feature area for signed-in users (a visitor goes to
 * /login), or /not-found. The area is mounted at the root, so its own <Routes> use absolute paths.
 */
export function AreaRoute() {
  const { pathname } = useLocation();
  const { isSignedIn } = useSession();
  const remote = areaForPath(pathname);
  if (!remote) return <Navigate to="/not-found" replace />;
  if (!isSignedIn) return <Navigate to="/login" replace />;
  return (
    <Suspense fallback={<AreaLoading remote={remote} />}>
      <RemoteArea key={remote.name} remote={remote} />
    </Suspense>
  );
}
