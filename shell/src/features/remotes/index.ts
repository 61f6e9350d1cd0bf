export { AreaRoute, areaForPath } from './components/area-route.js';
export { RemoteLoaderContext } from './components/remote-loader-context.js';
export { UNAVAILABLE_HEADING } from './components/unavailable-panel.js';
export { loadRemoteApp, RemoteAreaError, type RemoteApp, type RemoteAppLoader } from './api/load-remote-app.js';
