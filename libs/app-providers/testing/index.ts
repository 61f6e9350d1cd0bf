// For the remotes' component tests.
export { renderRemote, type RenderRemoteOptions, type RenderedRemote } from './render-remote.js';
