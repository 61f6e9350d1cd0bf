import { rpcError } from '@dblearn/nest-common';

export const TOO_MANY_DELETION_TRIES_MESSAGE = 'Too many wrong passwords for deleting this account. Try again in 15 minutes.';

const MAX_WRONG = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * Wrong passwords given to delete an account, per account, in memory (one instance on FerretDB):
 * a stolen session must not become a way to guess the password (issue 30, Low 7). Five wrong ones
 * in 15 minutes refuse further tries (429) until the window has passed.
 */
export class DeletionTries {
  private readonly wrong = new Map<string, { count: number; since: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Throws 429 while this account has used up its tries. */
  assertMayTry(userId: string): void {
    const entry = this.current(userId);
    if (entry && entry.count >= MAX_WRONG) throw rpcError(429, TOO_MANY_DELETION_TRIES_MESSAGE);
  }

  failed(userId: string): void {
    const entry = this.current(userId) ?? { count: 0, since: this.now() };
    this.wrong.set(userId, { count: entry.count + 1, since: entry.since });
  }

  private current(userId: string): { count: number; since: number } | undefined {
    const entry = this.wrong.get(userId);
    if (entry && this.now() - entry.since >= WINDOW_MS) {
      this.wrong.delete(userId);
      return undefined;
    }
    return entry;
  }
}
