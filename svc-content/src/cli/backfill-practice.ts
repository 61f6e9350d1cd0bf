import mongoose from 'mongoose';
import { readContentConfig } from '../config/content-config.js';
import { backfillPractice } from '../practice/practice-backfill.js';

// `npm run backfill-practice -w svc-content` (MONGO_URL, MONGO_DB as svc-content's), svc-content stopped.
const config = readContentConfig({ ...process.env, SEED_DEMO: 'false' });
const db = await mongoose.createConnection(config.mongoUrl, { dbName: config.mongoDb }).asPromise();
process.exitCode = await backfillPractice(db, (line) => console.log(line)).then(
  () => 0,
  (error: unknown) => {
    console.error(`backfill-practice failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  },
);
await db.close();
