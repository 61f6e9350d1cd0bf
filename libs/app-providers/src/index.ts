// What the shell imports on its first load. The forms (./sign-in) and the standalone frame
// (./standalone) are separate entry points so they stay out of that load.
export { AppProviders, type AppProvidersProps } from './app-providers.js';
