export * from './services.js';
export * from './users.patterns.js';
export * from './events.js';
export * from './bus-permissions.js';
export * from './content.patterns.js';
export * from './deadline.js';
export * from './community.patterns.js';
export * from './json-bytes.js';
