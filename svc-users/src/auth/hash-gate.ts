import { rpcError, serviceUnavailable } from '@dblearn/nest-common';

export const HASHING_BUSY_MESSAGE = 'Too many sign-ins at once. Try again in a moment.';
export const HASH_ALREADY_UNDER_WAY_MESSAGE = 'A sign-in from your address or for this account is already under way. Try again in a moment.';

/**
 * Who a hash is for: the client's address and the account (its e-mail), as keys such as
 * `address:10.0.0.7` and `account:ada@example.com`. The first key is the client the gate takes
 * turns between. Work with no keys (the admin bootstrap, a re-hash) is bound by the totals only.
 */
export type HashKeys = readonly string[];

/** A client's work may wait beside its one running hash, once per key; more is refused with 429. */
const WAITING_PER_KEY = 1;

interface Job {
  keys: HashKeys;
  client: string;
  start: () => void;
}

/**
 * At most `max` password hashes at a time and `maxWaiting` more waiting; beyond that 503 at once, so
 * a burst neither takes every core nor queues logins for seconds (issue 6). Fair between clients
 * (issue 17): a key (an address, an account) has at most one hash running and one waiting, and a
 * freed slot goes to the next client in turn, so one client can hold at most one slot and one
 * waiting place whatever it sends, and never fills the gate.
 */
export class HashGate {
  private running = 0;
  /** Per key: its jobs running or waiting. */
  private readonly held = new Map<string, { running: number; waiting: number }>();
  /** Waiting jobs per client, clients in turn order (Map keeps insertion order). */
  private readonly queues = new Map<string, Job[]>();
  private waiting = 0;

  constructor(
    private readonly max: number,
    private readonly maxWaiting: number = max * 4,
  ) {}

  async run<T>(keys: HashKeys, work: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    if (unique.some((key) => this.countOf(key).waiting >= WAITING_PER_KEY)) throw rpcError(429, HASH_ALREADY_UNDER_WAY_MESSAGE);
    if (this.running < this.max && unique.every((key) => this.countOf(key).running === 0)) {
      this.take(unique);
    } else {
      if (this.waiting >= this.maxWaiting) throw serviceUnavailable(HASHING_BUSY_MESSAGE);
      await new Promise<void>((start) => this.enqueue({ keys: unique, client: unique[0] ?? '', start }));
    }
    try {
      return await work();
    } finally {
      this.release(unique);
      this.toBackOfLine(unique[0] ?? '');
      this.dispatch();
    }
  }

  private countOf(key: string): { running: number; waiting: number } {
    return this.held.get(key) ?? { running: 0, waiting: 0 };
  }

  private change(key: string, running: number, waiting: number): void {
    const count = this.countOf(key);
    const next = { running: count.running + running, waiting: count.waiting + waiting };
    if (next.running === 0 && next.waiting === 0) this.held.delete(key);
    else this.held.set(key, next);
  }

  private take(keys: HashKeys): void {
    this.running += 1;
    for (const key of keys) this.change(key, 1, 0);
  }

  private release(keys: HashKeys): void {
    this.running -= 1;
    for (const key of keys) this.change(key, -1, 0);
  }

  private enqueue(job: Job): void {
    this.waiting += 1;
    for (const key of job.keys) this.change(key, 0, 1);
    const queue = this.queues.get(job.client);
    if (queue) queue.push(job);
    else this.queues.set(job.client, [job]);
  }

  /** A client just served waits behind every other client for its next turn. */
  private toBackOfLine(client: string): void {
    const queue = this.queues.get(client);
    if (!queue) return;
    this.queues.delete(client);
    this.queues.set(client, queue);
  }

  /** Fills free slots, one client at a time in turn: the client served goes to the back of the line. */
  private dispatch(): void {
    while (this.running < this.max) {
      const next = [...this.queues].find(([, queue]) => queue[0]!.keys.every((key) => this.countOf(key).running === 0));
      if (!next) return;
      const [client, queue] = next;
      const job = queue.shift()!;
      if (queue.length === 0) this.queues.delete(client);
      this.waiting -= 1;
      for (const key of job.keys) this.change(key, 0, -1);
      this.take(job.keys);
      job.start();
    }
  }
}
