import { parseArgs } from 'node:util';
import { platformDataDir, platformMongoUrl } from './platform.js';
import { seedQuestions } from './qna-seed.js';

// `npm run seed-qna -w bench -- --count 100000 --replies 200`: fills svc-community's database for
// the Q&A rows of `npm run bench`. Restart svc-community afterwards: it reads the list once at start
// (its log says how long that took). `npm run bench -- --qna` does all of this by itself.

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
  await seedQuestions({
    mongoUrl: values['mongo-url'] ? new URL(values['mongo-url']) : platformMongoUrl(platformDataDir(process.env), process.env),
    count: wholeNumber('count', values.count, 100_000, 1_000_000),
    replies: wholeNumber('replies', values.replies, 200, 3_000),
    say,
  });
  say('restart svc-community to load them');
}

main().catch((error: unknown) => {
  process.stderr.write(`[seed-qna] error: ${(error as Error).message}\n`);
  process.exit(1);
});
