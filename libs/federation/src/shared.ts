/**
 * Packages that must exist once on the page, whoever loads first: React and its renderer, the
 * router (react-router-dom 7 re-exports react-router, so both are listed: one router context),
 * Redux Toolkit and react-redux (one store), react-toastify (one toast container hears every
 * `toast()`), and @dblearn/web (the session, the store's root reducer and the one base API).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  '@reduxjs/toolkit',
  'react-redux',
  'react-toastify',
  '@dblearn/web',
] as const;
export type SharedSingleton = (typeof SHARED_SINGLETONS)[number];
