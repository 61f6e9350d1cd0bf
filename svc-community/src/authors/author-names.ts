import { DELETED_AUTHOR_NAME } from '@dblearn/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
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

/**
 * Every author's display name, in memory (loaded once at start, like the read models) and in the
 * `authors` collection, so a post's author is a map lookup by account id: no call per row, and a
 * rename changes every post at once. Fed by svc-users' events (AuthorEvents, on the durable
 * consumer: a rename made while this service was down is applied when it is back).
 */
@Injectable()
export class AuthorNames implements OnModuleInit {
  private readonly authors = new Map<string, KnownAuthor>();
  private readonly listeners = new Set<(authorId: string) => void>();
  /** Accounts that posted since this start without a known name (a token from before names): their first name changes posts too. */
  private readonly unnamedPosters = new Set<string>();

  constructor(@InjectModel(Author.name) private readonly model: Model<Author>) {}

  async onModuleInit(): Promise<void> {
    for await (const author of this.model.find({}).lean<Author>().cursor()) {
      this.authors.set(author._id, { name: author.name, at: new Date(author.at).getTime(), deleted: author.deleted === true });
    }
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
  async named(authorId: string, name: string, at: Date): Promise<void> {
    await this.apply(authorId, { name, at: at.getTime(), deleted: false });
  }

  async deleted(authorId: string, at: Date): Promise<void> {
    await this.apply(authorId, { name: this.authors.get(authorId)?.name ?? DELETED_AUTHOR_NAME, at: at.getTime(), deleted: true });
  }

  /** A first post by an account not heard of yet: the name its token carries, until svc-users' events say otherwise. */
  async guess(authorId: string, name: string | undefined): Promise<void> {
    if (this.authors.has(authorId)) return;
    if (!name) {
      this.unnamedPosters.add(authorId);
      return;
    }
    await this.apply(authorId, { name, at: 0, deleted: false });
  }

  private async apply(authorId: string, next: KnownAuthor): Promise<void> {
    const known = this.authors.get(authorId);
    if (known && (known.at > next.at || (known.deleted && !next.deleted))) return;
    if (known && known.name === next.name && known.deleted === next.deleted && known.at === next.at) return;
    // Stored first: if the write fails the event is retried, and memory never runs ahead of the database.
    await this.model.updateOne({ _id: authorId }, { $set: { name: next.name, at: new Date(next.at), deleted: next.deleted } }, { upsert: true }).exec();
    this.authors.set(authorId, next);
    // An account first heard of has no post showing a name yet (its posts guess one first): nothing to redo for each sign-up.
    if (known || this.unnamedPosters.delete(authorId)) for (const listener of this.listeners) listener(authorId);
  }
}
