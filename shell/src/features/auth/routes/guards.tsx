import { useSession } from '@dblearn/web';
import { Navigate, Outlet } from '@dblearn/web/router';

/** /login and /register: a signed-in user has nothing to do there and goes home. */
export function SignedOutOnly() {
  const { isSignedIn } = useSession();
  return isSignedIn ? <Navigate to="/" replace /> : <Outlet />;
}

/** Pages of the shell's own that need an account (/search): a visitor signs in first. */
export function SignedInOnly() {
  const { isSignedIn } = useSession();
  return isSignedIn ? <Outlet /> : <Navigate to="/login" replace />;
}
