export * from './topics.js';
export * from './levels.js';
export * from './limits.js';
export * from './users.js';
export * from './content.js';
export * from './errors.js';
export * from './shell-config.js';
export * from './messaging/index.js';
