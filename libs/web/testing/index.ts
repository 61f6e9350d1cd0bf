// Test helpers for the shell's and the remotes' jsdom suites.
export { LEARNER, unsignedToken } from './tokens.js';
// Only tests route in memory; in jest this is the same react-router @dblearn/web/router re-exports.
export { MemoryRouter } from 'react-router';
