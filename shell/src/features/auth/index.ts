export { SignedOutOnly } from './routes/guards.js';
