import { type AccountRemovedEvent, DELETED_AUTHOR_NAME, EVENT_SUBJECTS, type UserRegisteredEvent, type UserRenamedEvent } from '@dblearn/contracts';
import { jsonBody, KeptRegistry } from '@dblearn/nest-common';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Author } from './author.schema.js';

/** What a post shows while its author is not known here yet (a brand-new account whose event is on its way). */
export const UNKNOWN_AUTHOR_NAME = 'learner';

interface KnownAuthor {
  name: string;
  at: number;
  deleted: boolean;
}

/** Whether `next` may replace `known`: newer, and a deletion is never undone. */
function supersedes(next: KnownAuthor, known: KnownAuthor | undefined): boolean {
  if (!known) return true;
  if (known.at > next.at || (known.deleted && !next.deleted)) return false;
  return known.name !== next.name || known.deleted !== next.deleted || known.at !== next.at;
}

/**
 * Every author's display name, in memory (loaded once at start, like the read models) and in the
 * `authors` collection, so a post's author is a map lookup by account id: no call per row, and a
 * rename changes every post at once. svc-users' events are stored by whichever instance takes them
 * from the durable consumer (AuthorEvents: a rename made while this service was down is applied when
 * it is back); every instance also hears them as they pass, so its memory follows at once.
 */
@Injectable()
export class AuthorNames implements OnModuleInit {
  private readonly logger = new Logger('AuthorNames');
  private authors = new Map<string, KnownAuthor>();
  private readonly listeners = new Set<(authorId: string) => void>();
  /** Accounts that posted since this start without a known name (a token from before names): their first name changes posts too. */
  private readonly unnamedPosters = new Set<string>();

  constructor(
    @InjectModel(Author.name) private readonly model: Model<Author>,
    kept: KeptRegistry,
  ) {
    // Every instance's memory follows the events as they pass; after a lost connection it reads the
    // collection again. What is not JSON is skipped (the durable consumer parks it).
    const at = (event: { occurredAt?: unknown }) => (typeof event.occurredAt === 'string' ? Date.parse(event.occurredAt) : Number.NaN);
    kept.keep('events', {
      on: {
        [EVENT_SUBJECTS.userRegistered]: jsonBody<UserRegisteredEvent>((event) => {
          if (typeof event.entityId === 'string' && typeof event.displayName === 'string' && !Number.isNaN(at(event))) {
            this.remember(event.entityId, { name: event.displayName, at: at(event), deleted: false });
          }
        }),
        [EVENT_SUBJECTS.userRenamed]: jsonBody<UserRenamedEvent>((event) => {
          if (typeof event.entityId === 'string' && typeof event.displayName === 'string' && !Number.isNaN(at(event))) {
            this.remember(event.entityId, { name: event.displayName, at: at(event), deleted: false });
          }
        }),
        [EVENT_SUBJECTS.accountRemoved]: jsonBody<AccountRemovedEvent>((event) => {
          if (typeof event.entityId === 'string' && !Number.isNaN(at(event))) {
            this.remember(event.entityId, { name: this.authors.get(event.entityId)?.name ?? DELETED_AUTHOR_NAME, at: at(event), deleted: true });
          }
        }),
      },
      resumed: () => void this.reload().catch((error: unknown) => this.logger.warn(`Reload of author names failed: ${String(error)}`)),
    });
  }

  async onModuleInit(): Promise<void> {
    await this.reload();
  }

  /** The public name of a post's author: their display name now, "deleted learner", or "learner" while unknown. */
  nameOf(authorId: string | null | undefined): string {
    if (!authorId) return DELETED_AUTHOR_NAME;
    const author = this.authors.get(authorId);
    if (!author) return UNKNOWN_AUTHOR_NAME;
    return author.deleted ? DELETED_AUTHOR_NAME : author.name;
  }

  /** The author id an answer may show: null once the account is deleted. */
  shownId(authorId: string | null | undefined): string | null {
    if (!authorId) return null;
    return this.authors.get(authorId)?.deleted === true ? null : authorId;
  }

  /** Called with the account id whenever a name shown on posts changes. */
  onChange(listener: (authorId: string) => void): void {
    this.listeners.add(listener);
  }

  /** svc-users says this account is called `name` since `at`; an older word is ignored. */
  named(authorId: string, name: string, at: Date): Promise<void> {
    return this.store(authorId, { name, at: at.getTime(), deleted: false });
  }

  deleted(authorId: string, at: Date): Promise<void> {
    return this.store(authorId, { name: this.authors.get(authorId)?.name ?? DELETED_AUTHOR_NAME, at: at.getTime(), deleted: true });
  }

  /** A first post by an account not heard of yet: the name its token carries, until svc-users' events say otherwise. */
  async guess(authorId: string, name: string | undefined): Promise<void> {
    if (this.authors.has(authorId)) return;
    if (!name) {
      this.unnamedPosters.add(authorId);
      return;
    }
    await this.store(authorId, { name, at: 0, deleted: false });
  }

  /** Stored first (a failed write is retried with its event, and memory never runs ahead of the database), then remembered. */
  private async store(authorId: string, next: KnownAuthor): Promise<void> {
    const stored = await this.model.findById(authorId, { name: 1, at: 1, deleted: 1 }).lean<Author>().exec();
    const known = stored ? { name: stored.name, at: new Date(stored.at).getTime(), deleted: stored.deleted === true } : undefined;
    if (supersedes(next, known)) {
      await this.model.updateOne({ _id: authorId }, { $set: { name: next.name, at: new Date(next.at), deleted: next.deleted } }, { upsert: true }).exec();
    }
    this.remember(authorId, next);
  }

  private remember(authorId: string, next: KnownAuthor): void {
    const known = this.authors.get(authorId);
    if (!supersedes(next, known)) return;
    this.authors.set(authorId, next);
    // An account first heard of has no post showing a name yet (its posts guess one first): nothing to redo for each sign-up.
    if (known || this.unnamedPosters.delete(authorId)) for (const listener of this.listeners) listener(authorId);
  }

  private async reload(): Promise<void> {
    const next = new Map<string, KnownAuthor>();
    for await (const author of this.model.find({}).lean<Author>().cursor()) {
      next.set(author._id, { name: author.name, at: new Date(author.at).getTime(), deleted: author.deleted === true });
    }
    // What was heard while the load ran is kept when newer.
    for (const [id, author] of this.authors) if (supersedes(author, next.get(id))) next.set(id, author);
    const changed = this.authors.size > 0;
    this.authors = next;
    if (changed) for (const listener of this.listeners) listener('*');
  }
}
