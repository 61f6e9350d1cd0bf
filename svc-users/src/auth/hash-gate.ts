import { serviceUnavailable } from '@dblearn/nest-common';

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Try again in a moment.';

/**
 * At most `max` password hashes at a time, and at most `maxWaiting` more waiting for a turn (a wait
 * of about one hash). Anything beyond is refused at once with 503: a burst of logins must neither
 * take every core nor queue real users' logins for seconds behind it (issue 6).
 */
export class HashGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number = max,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.max) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting) throw serviceUnavailable(HASHING_BUSY_MESSAGE);
      // Our turn is handed over by the one finishing: `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
