import { useGetMeQuery, useSession } from '@dblearn/web';
import { Suspense } from 'react';
import { Outlet } from '@dblearn/web/router';
import { Footer } from './footer.js';
import { Navbar } from './navbar.js';

export function AppLayout() {
  const { isSignedIn } = useSession();
  // Confirms a stored token with the gateway once per load: a 401 ends the session (base API).
  useGetMeQuery(undefined, { skip: !isSignedIn });
  return (
    <div className="app">
      <Navbar />
      <main className="app__main" id="main">
        <Suspense
          fallback={
            <p className="area-loading" role="status">
              Loading…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
