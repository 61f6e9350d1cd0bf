export { SignedOutOnly } from './routes/guards.js';
export { useGetMeQuery } from './api/get-me.js';
