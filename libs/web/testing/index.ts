// Test helpers for the shell's and the remotes' jsdom suites.
export { LEARNER, unsignedToken } from './tokens.js';
export { jsonResponse, textResponse, stubFetch, type StubbedFetch } from './fetch-stub.js';
