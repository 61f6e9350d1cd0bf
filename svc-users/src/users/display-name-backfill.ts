import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { type DocumentStore, domainEvent, InjectStore } from '@dblearn/nest-common';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, Types } from 'mongoose';
import { DisplayNames } from './display-names.js';
import { ProfileCache } from './profile-cache.js';
import { User } from './users.schema.js';

/** The marker of a finished backfill, in `migrations`. */
export const DISPLAY_NAME_BACKFILL_ID = 'display-names-v1';

/**
 * Gives every account made before display names a generated one (issue 36), each with its
 * `user.renamed` event so svc-community learns it. Runs in the background after start; a finished
 * run leaves a marker and is not run again; a run cut short is simply run again (an account named
 * meanwhile is skipped, a claim left halfway goes stale and is taken over). Until an account is
 * named, its answers show a provisional `learner-NNNN`.
 */
@Injectable()
export class DisplayNameBackfill implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('DisplayNameBackfill');
  private stopped = false;
  private running: Promise<number> | null = null;

  constructor(
    @InjectStore(User.name) private readonly users: DocumentStore<User>,
    @InjectConnection() private readonly connection: Connection,
    private readonly names: DisplayNames,
    private readonly profiles: ProfileCache,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
    this.running.catch((error: unknown) => this.logger.warn(`Display-name backfill stopped: ${String(error)}; it runs again at the next start.`));
  }

  onApplicationShutdown(): void {
    this.stopped = true;
  }

  /** How many accounts it named (tests await it). */
  finished(): Promise<number> {
    return this.running ?? this.run();
  }

  async run(): Promise<number> {
    const migrations = this.connection.collection<{ _id: string; at: Date }>('migrations');
    if (await migrations.findOne({ _id: DISPLAY_NAME_BACKFILL_ID })) return 0;
    const unnamed: string[] = [];
    // One pass at start (allowed like EmailDirectory's load), never on a request.
    const cursor = this.users.model.find({ displayName: { $exists: false } }, { _id: 1, deleted: 1 }).lean<{ _id: Types.ObjectId; deleted?: boolean }>().cursor();
    for await (const user of cursor) if (user.deleted !== true) unnamed.push(user._id.toHexString());
    let named = 0;
    for (const userId of unnamed) {
      if (this.stopped) return named;
      if (await this.nameOne(userId)) named += 1;
    }
    await migrations.updateOne({ _id: DISPLAY_NAME_BACKFILL_ID }, { $set: { at: new Date() } }, { upsert: true });
    if (named > 0) this.logger.log(`Gave ${named} account${named === 1 ? '' : 's'} a generated display name.`);
    return named;
  }

  private nameOne(userId: string): Promise<boolean> {
    return this.users.atomically(userId, async () => {
      const user = await this.users.findById<{ displayName?: string; deleted?: boolean }>(userId, { displayName: 1, deleted: 1 });
      if (!user || user.displayName || user.deleted === true) return false;
      const displayName = await this.names.claimGenerated(userId);
      await this.users.update(userId, { $set: { displayName } }, domainEvent(EVENT_SUBJECTS.userRenamed, { entityId: userId, displayName }));
      await this.profiles.changed(userId);
      return true;
    });
  }
}
