import { DISPLAY_NAME_TAKEN_MESSAGE, generatedDisplayName } from '@dblearn/contracts';
import { displayNameKeys } from '@dblearn/contracts/dto';
import { conflict, isDuplicateKeyError } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DisplayNameClaim } from './display-name-claim.schema.js';
import { User } from './users.schema.js';

/** A claim older than this whose user does not hold the name was left by a write that stopped halfway. */
const STALE_AFTER_MS = 60_000;

/** Generated names tried at 4 digits, then more, before giving up (a 409 would be a bug by then). */
const GENERATED_TRIES = 12;

/**
 * Which display names are taken, by claim documents keyed by the name's look-alike keys (the way
 * the e-mail's unique index and EmailDirectory keep e-mails unique without a scan). A name is
 * claimed before the user document takes it and released after the user document has dropped it,
 * so a crash leaves at worst a stale claim, which `claim` recognises and takes over.
 */
@Injectable()
export class DisplayNames {
  constructor(
    @InjectModel(DisplayNameClaim.name) private readonly claims: Model<DisplayNameClaim>,
    @InjectModel(User.name) private readonly users: Model<User>,
  ) {}

  /** Claims `name` for `userId`, or throws 409 "That display name is taken." (keys this user holds already count as theirs). */
  async claim(name: string, userId: string): Promise<void> {
    // Only the keys claimed here are given back on a refusal: one the user held already stays theirs.
    const claimedNow: string[] = [];
    for (const key of displayNameKeys(name)) {
      const outcome = await this.claimKey(key, userId);
      if (outcome === 'claimed') claimedNow.push(key);
      if (outcome === 'taken') {
        await this.releaseKeys(claimedNow, userId);
        throw conflict(DISPLAY_NAME_TAKEN_MESSAGE);
      }
    }
  }

  /** A free generated name (`learner-4821`), claimed for `userId`. */
  async claimGenerated(userId: string): Promise<string> {
    for (let tries = 0; tries < GENERATED_TRIES; tries += 1) {
      const name = generatedDisplayName(4 + Math.floor(tries / 3));
      try {
        await this.claim(name, userId);
        return name;
      } catch (error) {
        if (!isTakenError(error)) throw error;
      }
    }
    throw new Error(`No free generated display name after ${GENERATED_TRIES} tries.`);
  }

  /** Gives up `name`'s keys, those still held by `userId` only; `keep`'s keys stay (a change of case keeps its key). */
  async release(name: string, userId: string, keep?: string): Promise<void> {
    const kept = new Set(keep === undefined ? [] : displayNameKeys(keep));
    await this.releaseKeys(
      displayNameKeys(name).filter((key) => !kept.has(key)),
      userId,
    );
  }

  private async releaseKeys(keys: readonly string[], userId: string): Promise<void> {
    for (const key of keys) {
      const claim = await this.claims.findById(key, { userId: 1 }).lean<{ userId: string }>().exec();
      if (claim?.userId === userId) await this.claims.deleteOne({ _id: key }).exec();
    }
  }

  /** Whether `key` is `userId`'s now: claimed here (new, or taken over from a stale claim), held already, or someone else's. */
  private async claimKey(key: string, userId: string): Promise<'claimed' | 'held' | 'taken'> {
    for (let tries = 0; tries < 3; tries += 1) {
      try {
        await this.claims.create({ _id: key, userId, at: new Date() });
        return 'claimed';
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const holder = await this.claims.findById(key, { userId: 1, at: 1 }).lean<{ userId: string; at: Date }>().exec();
      if (!holder) continue; // released meanwhile: try again
      if (holder.userId === userId) return 'held';
      if (!(await this.isStale(key, holder))) return 'taken';
      // Only that stale claim (a rare path: FerretDB scans for the extra fields), never one just taken by a racer.
      await this.claims.deleteOne({ _id: key, userId: holder.userId, at: holder.at }).exec();
    }
    return 'taken';
  }

  /** An old claim whose user is gone or does not have a name with this key (a rename or sign-up that stopped halfway). */
  private async isStale(key: string, claim: { userId: string; at: Date }): Promise<boolean> {
    if (Date.now() - new Date(claim.at).getTime() < STALE_AFTER_MS) return false;
    const user = await this.users.findById(claim.userId, { displayName: 1, deleted: 1 }).lean<{ displayName?: string; deleted?: boolean }>().exec();
    return !user || user.deleted === true || !user.displayName || !displayNameKeys(user.displayName).includes(key);
  }
}

function isTakenError(error: unknown): boolean {
  const body = (error as { getError?: () => unknown }).getError?.();
  return typeof body === 'object' && body !== null && (body as { statusCode?: unknown }).statusCode === 409;
}
