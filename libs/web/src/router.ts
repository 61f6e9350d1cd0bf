/**
 * The router every DBLearn front end uses, shared once on the page as `@dblearn/web/router`.
 * Sharing react-router itself would put all of it in the shell's first load (a shared package
 * cannot be tree-shaken: about 59 kB gzipped); sharing this module shares one router context and
 * only the parts named here (about 14 kB). Import routing from here, never from react-router(-dom)
 * (eslint says so): a second copy of react-router means a second router context. Tests take
 * MemoryRouter from @dblearn/web/testing: pages never use it, so it stays out of every first load.
 */
export {
  BrowserRouter,
  createSearchParams,
  generatePath,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useMatch,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { LinkProps, NavLinkProps, NavigateOptions, To } from 'react-router';
