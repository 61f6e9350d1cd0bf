export { SignedInOnly, SignedOutOnly } from './routes/guards.js';
