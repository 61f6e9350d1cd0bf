import { isDuplicateKeyError } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { setTimeout as sleep } from 'node:timers/promises';
import { UserWriteClaim } from './user-write-claim.schema.js';

/** A claim older than this was left by a process that died mid-write (a write takes milliseconds). */
const LEASE_MS = 10_000;
/** Waits between tries while another process holds the claim, growing to the last. */
const WAIT_MS = [2, 5, 10, 20, 40];

/**
 * One progress write per user at a time across processes. The claim is a document whose `_id` is
 * the user's id: the unique `_id` index lets exactly one insert through, on FerretDB's SQLite as on
 * MongoDB, where a guard in the user update's filter would scan the users collection (FerretDB) and
 * isolate nothing (FerretDB). Every call is one operation by `_id`. Limits: a claim left by a killed
 * process blocks that user's writes until its lease ends; two processes that take over the same
 * expired claim at the same instant may both proceed (each write's read-back still checks it).
 */
@Injectable()
export class UserWriteClaims {
  constructor(@InjectModel(UserWriteClaim.name) private readonly claims: Model<UserWriteClaim>) {}

  async run<T>(userId: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(userId);
    try {
      return await task();
    } finally {
      // A failed release must not hide the task's own outcome: the lease frees the user anyway.
      await this.claims.deleteOne({ _id: userId }).exec().catch(() => undefined);
    }
  }

  private async acquire(userId: string): Promise<void> {
    const giveUpAt = Date.now() + LEASE_MS + 2_000;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.claims.insertMany([{ _id: userId, until: new Date(Date.now() + LEASE_MS) }]);
        return;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const held = await this.claims.findById(userId, { until: 1 }).lean<UserWriteClaim>().exec();
      if (held && held.until.getTime() < Date.now()) {
        await this.claims.deleteOne({ _id: userId }).exec();
        continue;
      }
      if (Date.now() > giveUpAt) throw new Error(`Another process kept the progress write claim of user ${userId} for over ${LEASE_MS} ms.`);
      await sleep(WAIT_MS[Math.min(attempt, WAIT_MS.length - 1)]! * (0.5 + Math.random()));
    }
  }
}
