import { SERVICES, TOPICS } from '@dblearn/contracts';
import mongoose from 'mongoose';
import { isLoopback } from './options.js';

const BATCH = 2_000;

export interface SeedQuestions {
  /** svc-community's database server (on this machine). */
  mongoUrl: URL;
  count: number;
  /** Replies of the newest question (the one GET /api/qna lists first). */
  replies: number;
  say(message: string): void;
}

/**
 * Writes `count` questions straight into svc-community's collection, in the fields the service and
 * the kit's outbox write (`pendingEvents`), newer than any there: the newest gets the replies, so
 * it is the first item of GET /api/qna. Nothing publishes events: svc-community sees them after a
 * restart (its read model reads the collection once in the background after a snapshot start).
 */
export async function seedQuestions({ mongoUrl, count, replies, say }: SeedQuestions): Promise<void> {
  // A Unix socket (a percent-encoded path as the host) is on this machine by definition.
  if (!mongoUrl.hostname.startsWith('%2F') && !isLoopback(mongoUrl.hostname)) throw new Error(`The database must be on this machine, not ${mongoUrl.hostname}.`);
  const db = await mongoose.createConnection(mongoUrl.toString(), { dbName: SERVICES.community.database }).asPromise();
  try {
    const questions = db.collection('questions');
    const started = Date.now();
    // One a minute up to now, oldest first, so the newest (with the replies) is written last.
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
          // Authors by account id (issue 36); no names are kept for these, so they show as "learner".
          authorId: benchAccountId(index % 500),
          datePosted,
          replies: isLast
            ? Array.from({ length: replies }, (__, reply) => ({
                _id: new mongoose.Types.ObjectId(),
                authorId: benchAccountId(1000 + (reply % 50)),
                reply: `Answer ${reply + 1}: add an index on the filtered column, then check the plan with EXPLAIN before and after.`,
                datePosted: new Date(datePosted.getTime() + (reply + 1) * 1000),
              }))
            : [],
          pendingEvents: [],
        };
      });
      await questions.insertMany(batch, { ordered: false });
      if ((from / BATCH) % 10 === 0) say(`${from + batch.length} / ${count}`);
    }
    say(`wrote ${count} questions (the newest with ${replies} replies) in ${((Date.now() - started) / 1000).toFixed(1)} s to ${SERVICES.community.database}`);
  } finally {
    await db.close();
  }
}

/** A stable made-up account id per bench author. */
function benchAccountId(n: number): string {
  return `be4c${n.toString(16).padStart(20, '0')}`;
}
