import { type AuthorsByEmail, USERS_PATTERNS } from '@dblearn/contracts';
import { type DocumentStore, InjectStore, natsConnectionOptions } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import type { Connection, Types } from 'mongoose';
import { firstValueFrom, timeout } from 'rxjs';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../config/community-config.js';
import { DEMO_AUTHORS, demoAuthorOfEmail } from '../demo/demo-questions.js';
import { QuestionCache } from './question-cache.js';
import { QuestionList } from './question-list.js';
import { Question, type StoredQuestion } from './questions.schema.js';
import { AuthorNames } from '../authors/author-names.js';

/** The marker of a finished link, in `migrations`. */
export const LEGACY_AUTHORS_ID = 'question-authors-v1';
const BATCH = 100;
const RETRY_MS = 2_000;

type LegacyPost = { authorId?: string | null; userName?: string };

/**
 * Posts written before display names carry their author's e-mail (issue 36). Once, in the
 * background after start, each is linked to its account by id (svc-users says which account an
 * address is now, and its name), the demo authors' to their fixed ids, and the e-mail is removed;
 * an address with no account left becomes "deleted learner". Until then such a post shows
 * "deleted learner", never the e-mail. A run cut short runs again at the next start (a linked post
 * has no e-mail left to link); a finished one leaves a marker.
 */
@Injectable()
export class LegacyAuthors implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('LegacyAuthors');
  private proxy: ClientProxy | null = null;
  private stopped = false;
  private running: Promise<number> | null = null;

  constructor(
    @InjectStore(Question.name) private readonly questions: DocumentStore<Question>,
    @InjectConnection() private readonly connection: Connection,
    @Inject(COMMUNITY_CONFIG) private readonly config: Pick<CommunityConfig, 'natsUrl'>,
    private readonly names: AuthorNames,
    private readonly list: QuestionList,
    private readonly cache: QuestionCache,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.run();
    this.running.catch((error: unknown) => this.logger.warn(`Old posts not linked to their authors: ${String(error)}; tried again at the next start.`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.proxy?.close();
  }

  /** How many posts it linked (tests await it). */
  finished(): Promise<number> {
    return this.running ?? this.run();
  }

  private async run(): Promise<number> {
    const migrations = this.connection.collection<{ _id: string; at: Date }>('migrations');
    if (await migrations.findOne({ _id: LEGACY_AUTHORS_ID })) return 0;
    // One pass at start, never on a request: questions with an e-mail left on them or a reply.
    const legacy: string[] = [];
    const emails = new Set<string>();
    const cursor = this.questions.model.find({}, { userName: 1, replies: 1 }).lean<{ _id: Types.ObjectId; userName?: string; replies?: LegacyPost[] }>().cursor();
    for await (const question of cursor) {
      const posts: LegacyPost[] = [question, ...(question.replies ?? [])];
      const found = posts.map((post) => post.userName).filter((email): email is string => typeof email === 'string');
      if (found.length === 0) continue;
      legacy.push(question._id.toHexString());
      for (const email of found) if (!demoAuthorOfEmail(email)) emails.add(email);
    }
    if (legacy.length === 0) {
      await migrations.updateOne({ _id: LEGACY_AUTHORS_ID }, { $set: { at: new Date() } }, { upsert: true });
      return 0;
    }
    const accounts = await this.accountsOf([...emails]);
    if (!accounts) return 0;
    for (const { id, displayName } of Object.values(DEMO_AUTHORS)) await this.names.named(id, displayName, new Date(0));
    let linked = 0;
    for (const id of legacy) {
      if (this.stopped) return linked;
      if (await this.link(id, accounts)) linked += 1;
    }
    await migrations.updateOne({ _id: LEGACY_AUTHORS_ID }, { $set: { at: new Date() } }, { upsert: true });
    this.logger.log(`Linked ${linked} question${linked === 1 ? '' : 's'} from before display names to their authors.`);
    return linked;
  }

  /** Each address's account id now (asking svc-users until it answers), with names learnt on the way; null once stopping. */
  private async accountsOf(emails: readonly string[]): Promise<Map<string, string> | null> {
    const ids = new Map<string, string>();
    for (let at = 0; at < emails.length; at += BATCH) {
      const batch = emails.slice(at, at + BATCH);
      for (;;) {
        if (this.stopped) return null;
        try {
          const { authors } = await firstValueFrom(this.client().send<AuthorsByEmail>(USERS_PATTERNS.authorsByEmail, { emails: batch }).pipe(timeout(5_000)));
          for (const { email, userId, displayName } of authors) {
            ids.set(email, userId);
            // Older than any event: a rename already heard wins.
            await this.names.named(userId, displayName, new Date(1));
          }
          break;
        } catch (error) {
          this.logger.warn(`svc-users did not say who wrote the old posts (${String(error)}); asking again.`);
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
        }
      }
    }
    return ids;
  }

  private link(id: string, accounts: ReadonlyMap<string, string>): Promise<boolean> {
    const authorOf = (post: LegacyPost): string | null => {
      if (typeof post.userName !== 'string') return post.authorId ?? null;
      return demoAuthorOfEmail(post.userName)?.id ?? accounts.get(post.userName) ?? null;
    };
    return this.questions.atomically(id, async () => {
      const question = await this.questions.findById<StoredQuestion>(id);
      if (!question || (typeof question.userName !== 'string' && question.replies.every((reply) => typeof reply.userName !== 'string'))) return false;
      // The replies are written back whole (nest-common README §5: arrays), each without its e-mail.
      const replies = question.replies.map(({ userName: _email, ...reply }) => ({ ...reply, authorId: authorOf({ userName: _email, authorId: reply.authorId }) }));
      await this.questions.update(id, { $set: { authorId: authorOf(question), replies }, $unset: { userName: 1 } });
      await this.cache.changed(id);
      const after = await this.questions.findById<StoredQuestion>(id);
      if (after) this.list.written(after);
      return true;
    });
  }

  private client(): ClientProxy {
    this.proxy ??= ClientProxyFactory.create({
      transport: Transport.NATS,
      options: { ...natsConnectionOptions(this.config.natsUrl), name: 'svc-community-legacy-authors', maxReconnectAttempts: -1, reconnectTimeWait: 500, waitOnFirstConnect: false },
    }) as ClientProxy;
    return this.proxy;
  }
}
