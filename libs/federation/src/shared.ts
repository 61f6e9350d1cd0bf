/**
 * Packages that must exist once on the page, whoever loads first: React and its renderer,
 * react-toastify (one toast container hears every `toast()`), @dblearn/web (the session, the one
 * store with its react-redux and Redux Toolkit inside, the one base API) and @dblearn/web/router
 * (one router context).
 *
 * A shared package is bundled whole (it cannot be tree-shaken), so only what must be one copy is
 * here: react-router is reached through @dblearn/web/router (the parts we use, not all 59 kB
 * gzipped), and react-redux / @reduxjs/toolkit through @dblearn/web. Front ends never import
 * react-router(-dom) or react-redux themselves (eslint refuses it): their copy would be a second
 * router or store context.
 */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-toastify', '@dblearn/web', '@dblearn/web/router'] as const;
export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];
