import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { isDuplicateKeyError } from '../errors/rpc-errors.js';
import { KeyedLock } from './keyed-lock.js';
import { WriteClaim } from './write-claim.schema.js';

type Id = string | Types.ObjectId;

/** A claim older than this was left by a process that died mid-write (a write takes milliseconds). */
export const CLAIM_LEASE_MS = 10_000;
/** Waits between tries while another process holds a claim, growing to the last. */
const CLAIM_WAIT_MS = [2, 5, 10, 20, 40];

/** How far a document's writes are serialised. */
export type LockScope = 'process' | 'processes';

/**
 * The one lock for writes to a document. FerretDB 1.24 applies every update as read, change, write
 * back with no isolation, so two concurrent updates of one document lose one of them (even `$push`,
 * `$inc`, a version-guarded update). `run` makes one document's writes sequential in this process (a
 * queue per `model:id`) and, with scope `processes`, across processes too: a claim document whose
 * `_id` is the document's, inserted once through the unique `_id` index, deleted after, with a lease
 * for a process killed while holding it. On MongoDB the same code is correct, only slower than a
 * conditional `findOneAndUpdate` or a transaction would be.
 *
 * Re-entrant: a task may call `run` for a key it already holds (a store's `modify` calling its
 * `update`). The relay's background clear takes the same lock (OutboxRelay).
 */
@Injectable()
export class DocumentLocks {
  private readonly queue = new KeyedLock();
  /** The keys the current async call chain holds, and whether each is still held. */
  private readonly held = new AsyncLocalStorage<ReadonlyMap<string, { released: boolean }>>();

  constructor(@InjectModel(WriteClaim.name) private readonly claims: Model<WriteClaim>) {}

  run<T>(model: string, id: Id, task: () => Promise<T>, scope: LockScope = 'process'): Promise<T> {
    const key = `${model}:${String(id)}`;
    const holding = this.held.getStore();
    if (holding?.get(key)?.released === false) return task();
    return this.queue.run(key, async () => {
      const mark = { released: false };
      const next = new Map(holding ?? []).set(key, mark);
      try {
        return await this.held.run(next, () => (scope === 'processes' ? this.claimed(id, task) : task()));
      } finally {
        mark.released = true;
      }
    });
  }

  /** Holds the lock of every id (sorted, each once) around `task`: two callers that do so cannot wait on each other. */
  runAll<T>(model: string, ids: Iterable<Id>, task: () => Promise<T>, scope: LockScope = 'process'): Promise<T> {
    const keys = [...new Set([...ids].map(String))].sort();
    const from = (at: number): Promise<T> => (at === keys.length ? task() : this.run(model, keys[at]!, () => from(at + 1), scope));
    return from(0);
  }

  /**
   * Runs `work` outside every lock this call chain holds: for work that outlives the caller's task
   * (the relay's background pass woken by a write) and must queue for the lock like anyone else.
   */
  detached<T>(work: () => T): T {
    return this.held.exit(work);
  }

  /** Keys with a task running or waiting in this process (for tests and diagnostics). */
  get size(): number {
    return this.queue.size;
  }

  private async claimed<T>(id: Id, task: () => Promise<T>): Promise<T> {
    await this.claim(id);
    try {
      return await task();
    } finally {
      // A failed release must not hide the task's own outcome: the lease frees the document anyway.
      await this.claims.deleteOne({ _id: id }).exec().catch(() => undefined);
    }
  }

  private async claim(id: Id): Promise<void> {
    const giveUpAt = Date.now() + CLAIM_LEASE_MS + 2_000;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.claims.insertMany([{ _id: id, until: new Date(Date.now() + CLAIM_LEASE_MS) }]);
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await this.claims.findById(id, { until: 1 }).lean<WriteClaim>().exec();
      if (held && held.until.getTime() < Date.now()) {
        await this.claims.deleteOne({ _id: id }).exec();
        continue;
      }
      if (Date.now() > giveUpAt) throw new Error(`Another process kept the write claim of ${String(id)} for over ${CLAIM_LEASE_MS} ms.`);
      await sleep(CLAIM_WAIT_MS[Math.min(attempt, CLAIM_WAIT_MS.length - 1)]! * (0.5 + Math.random()));
    }
  }
}
