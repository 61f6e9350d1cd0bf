// Server-side only (zod): the shapes of the services' answers, one definition each. The package
// root infers its types from these with type-only imports, so no browser bundle loads zod.
export * from './content.answers.js';
export * from './community.answers.js';
export * from './users.answers.js';
export * from './errors.answers.js';
export * from './health.answers.js';
export * from './search.answers.js';
export * from './practice.answers.js';
