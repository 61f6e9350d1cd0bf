import { randomBytes } from 'node:crypto';

/** FerretDB (and MongoDB on every OS) accept these characters in a database name, up to 63 of them. */
const MAX_LENGTH = 63;

/**
 * A database name no other suite uses: `<prefix>_<time>_<random>`, so suites can share one server
 * (an external MONGO_URL) and run in parallel without seeing each other's data.
 */
export function uniqueDatabaseName(prefix: string): string {
  const suffix = `_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const safePrefix = prefix.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'test';
  return `${safePrefix.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
}
