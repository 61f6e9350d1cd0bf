import { type AccountRemovedEvent, type AdminChangedEvent, EVENT_SUBJECTS, type UserRegisteredEvent } from '@dblearn/contracts';
import { jsonBody, KeptRegistry } from '@dblearn/nest-common';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import { normalizeEmail } from './email.js';
import { User } from './users.schema.js';

/**
 * E-mail → user id, and which users are admins, in memory. FerretDB scans the whole collection for any filter but `_id`, so a
 * login by e-mail cost time that grew with every account and told an attacker where an account sat
 * (issue 6). Loaded at start; this instance's own writes add to it at once, other instances' through
 * their `user.registered` events; reloaded after a lost NATS connection (events may have been missed).
 * The admins come with the same load (no second scan) and follow `admin.changed` events: the
 * gateway asks for them once at its start (issue 20).
 */
/**
 * How long a deleted account is named to the gateways: longer than a token lives (JWT_MAX_AGE, 7 days
 * by default), so the list stays bounded. A gateway keeps what it heard until it restarts.
 */
export const REMOVED_ACCOUNTS_KEPT_MS = 8 * 24 * 3600_000;

@Injectable()
export class EmailDirectory implements OnModuleInit {
  private readonly logger = new Logger('EmailDirectory');
  private ids = new Map<string, string>();
  private admins = new Set<string>();
  /** Deleted accounts and when: the gateway refuses their tokens (issue 30, Low 7). */
  private removed = new Map<string, number>();
  /** Loads run one after another: a later load (begun after more was written) always lands last. */
  private loading: Promise<void> = Promise.resolve();

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    kept: KeptRegistry,
  ) {
    // An event we cannot read is skipped: the next reload reads the account anyway.
    kept.keep('events', {
      on: {
        [EVENT_SUBJECTS.userRegistered]: jsonBody<UserRegisteredEvent>((event) => {
          if (typeof event.email === 'string' && typeof event.entityId === 'string') this.add(event.email, event.entityId);
        }),
        [EVENT_SUBJECTS.accountRemoved]: jsonBody<AccountRemovedEvent>((event) => {
          if (typeof event.entityId === 'string') this.removeId(event.entityId);
        }),
        [EVENT_SUBJECTS.adminChanged]: jsonBody<AdminChangedEvent>((event) => {
          if (typeof event.entityId === 'string' && typeof event.isAdmin === 'boolean') this.setAdmin(event.entityId, event.isAdmin);
        }),
      },
      resumed: () => void this.reload().catch((error: unknown) => this.logger.warn(`Reload failed: ${String(error)}`)),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  idOf(email: string): string | undefined {
    return this.ids.get(normalizeEmail(email));
  }

  add(email: string, id: string): void {
    this.ids.set(normalizeEmail(email), id);
  }

  /** A deleted account: its address is free again, its id refused. */
  remove(email: string, id: string): void {
    const key = normalizeEmail(email);
    if (this.ids.get(key) === id) this.ids.delete(key);
    this.admins.delete(id);
    if (!this.removed.has(id)) this.removed.set(id, Date.now());
  }

  /** The accounts removed recently enough that a token of theirs may still be unexpired. */
  removedIds(now = Date.now()): string[] {
    return [...this.removed].filter(([, at]) => now - at < REMOVED_ACCOUNTS_KEPT_MS).map(([id]) => id);
  }

  /** Every admin's id now. */
  adminIds(): string[] {
    return [...this.admins];
  }

  setAdmin(id: string, isAdmin: boolean): void {
    if (isAdmin) this.admins.add(id);
    else this.admins.delete(id);
  }

  /** Another instance deleted this account: forget its address too (a pass over memory, once per deletion). */
  private removeId(id: string): void {
    for (const [email, owner] of this.ids) if (owner === id) this.remove(email, id);
    if (!this.removed.has(id)) this.removed.set(id, Date.now());
  }

  get size(): number {
    return this.ids.size;
  }

  private reload(): Promise<void> {
    this.loading = this.loading.catch(() => undefined).then(() => this.load());
    return this.loading;
  }

  private async load(): Promise<void> {
    const next = new Map<string, string>();
    const admins = new Set<string>();
    const removed = new Map<string, number>();
    type Entry = { _id: Types.ObjectId; email: string; isAdmin?: boolean; deleted?: boolean; deletedAt?: Date };
    for await (const user of this.users.find({}, { email: 1, isAdmin: 1, deleted: 1, deletedAt: 1 }).lean<Entry>().cursor()) {
      if (user.deleted === true) {
        removed.set(user._id.toHexString(), user.deletedAt ? new Date(user.deletedAt).getTime() : Date.now());
        continue;
      }
      next.set(user.email, user._id.toHexString());
      if (user.isAdmin === true) admins.add(user._id.toHexString());
    }
    // Accounts added while the load ran are kept.
    for (const [email, id] of this.ids) if (!next.has(email)) next.set(email, id);
    this.ids = next;
    this.admins = admins;
    // Accounts removed while the load ran stay removed.
    for (const [id, at] of this.removed) if (!removed.has(id)) removed.set(id, at);
    this.removed = removed;
  }
}
