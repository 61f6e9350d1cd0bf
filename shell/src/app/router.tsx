import { lazy } from 'react';
import { Route, Routes } from '@dblearn/web/router';
import { SignedInOnly, SignedOutOnly } from '../features/auth/index.js';
import { AppLayout } from '../features/layout/index.js';
import { AreaRoute } from '../features/remotes/index.js';
import AboutPage from '../pages/about.js';
import ContactPage from '../pages/contact.js';
import LogoutPage from '../pages/logout.js';
import NotFoundPage from '../pages/not-found.js';

// The forms (and react-hook-form) load only when someone signs in or up.
const LoginRoute = lazy(() => import('../features/auth/routes/login-route.js'));
const RegisterRoute = lazy(() => import('../features/auth/routes/register-route.js'));
// The results page shares the search chunk with the navbar's box (issue 22).
const SearchRoute = lazy(() => import('../features/search/routes/search-route.js'));

/** SPEC §2. Paths that are not shell pages belong to a feature area or go to /not-found. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<SignedOutOnly />}>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterRoute />} />
        </Route>
        <Route path="/logout" element={<LogoutPage />} />
        <Route path="/about" element={<AboutPage />} />
        <Route path="/contact" element={<ContactPage />} />
        <Route path="/not-found" element={<NotFoundPage />} />
        <Route element={<SignedInOnly />}>
          <Route path="/search" element={<SearchRoute />} />
        </Route>
        <Route path="*" element={<AreaRoute />} />
      </Route>
    </Routes>
  );
}
