export { runStandalone, type StandaloneOptions } from './run-standalone.js';
export { StandaloneFrame, type StandaloneFrameProps } from './standalone-frame.js';
