import { parseArgs } from 'node:util';
import { SERVICES, TOPICS } from '@dblearn/contracts';
import mongoose from 'mongoose';
import { isLoopback } from './options.js';

// `npm run seed-qna -w bench -- --count 100000 --replies 200`: fills svc-community's database for
// the Q&A rows of `npm run bench`. The newest question gets the replies, so it is the first item of
// GET /api/qna and the bench finds it there. Restart svc-community afterwards: it reads the list once
// at start (its log says how long that took).

const BATCH = 2_000;

function say(message: string): void {
  process.stdout.write(`[seed-qna] ${message}\n`);
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) throw new Error(`--${name} must be a whole number from 0 to ${max}, not "${raw}".`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { count: { type: 'string' }, replies: { type: 'string' }, 'mongo-url': { type: 'string' } },
    strict: true,
  });
  const count = wholeNumber('count', values.count, 100_000, 1_000_000);
  const replies = wholeNumber('replies', values.replies, 200, 3_000);
  const mongoUrl = new URL(values['mongo-url'] ?? process.env.MONGO_URL ?? `mongodb://127.0.0.1:${process.env.DB_PORT ?? 27017}`);
  if (!isLoopback(mongoUrl.hostname)) throw new Error(`The database must be on this machine, not ${mongoUrl.hostname}.`);

  const db = await mongoose.createConnection(mongoUrl.toString(), { dbName: SERVICES.community.database }).asPromise();
  const questions = db.collection('questions');
  const started = Date.now();
  // Spread over the last `count` minutes, oldest first, so the newest (with the replies) is written last.
  const now = Date.now();
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, offset) => {
      const index = from + offset;
      const datePosted = new Date(now - (count - index) * 60_000);
      const isLast = index === count - 1;
      return {
        _id: new mongoose.Types.ObjectId(),
        topic: TOPICS[index % TOPICS.length],
        title: `Bench question ${index + 1}: how do indexes help this query?`,
        description: `Question ${index + 1} of the bench: a description of ordinary length, about as long as a learner writes, with a query or two in it.`,
        userName: `bench-author-${index % 500}@dblearn.test`,
        datePosted,
        replies: isLast
          ? Array.from({ length: replies }, (__, reply) => ({
              _id: new mongoose.Types.ObjectId(),
              userName: `bench-replier-${reply % 50}@dblearn.test`,
              reply: `Answer ${reply + 1}: add an index on the filtered column, then check the plan with EXPLAIN before and after.`,
              datePosted: new Date(datePosted.getTime() + (reply + 1) * 1000),
            }))
          : [],
        pendingEvents: [],
        hasPendingEvents: false,
      };
    });
    await questions.insertMany(batch, { ordered: false });
    if ((from / BATCH) % 10 === 0) say(`${from + batch.length} / ${count}`);
  }
  say(`wrote ${count} questions (the newest with ${replies} replies) in ${((Date.now() - started) / 1000).toFixed(1)} s to ${SERVICES.community.database}; restart svc-community to load them`);
  await db.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`[seed-qna] error: ${(error as Error).message}\n`);
  process.exit(1);
});
