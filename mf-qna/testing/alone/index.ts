// `npm run start:alone`'s entry (libs/federation remote-config.ts, development only): the async
// boundary first, as in src/index.ts, so the shared modules settle before anything uses them.
import('./start.js');
