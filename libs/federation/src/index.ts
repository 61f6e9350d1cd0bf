// Browser-safe data: the shell bundles this. Plugin options for rspack configs are in ./rspack.
export * from './remotes.js';
export * from './exposes.js';
export * from './shared.js';
export * from './links.js';
