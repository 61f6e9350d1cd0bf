import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { type DocumentStore, InjectStore } from '@dblearn/nest-common';
import mongoose from 'mongoose';
import { COMMUNITY_CONFIG, type CommunityConfig } from '../config/community-config.js';
import { AuthorNames } from '../authors/author-names.js';
import { Question } from './questions.schema.js';
import { DEMO_AUTHORS, DEMO_QUESTIONS } from '../demo/demo-questions.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** SEED_DEMO: a new platform's forum starts with a dozen real-looking threads instead of nothing. */
@Injectable()
export class DemoQuestionsSeeder implements OnModuleInit {
  private readonly logger = new Logger('DemoQuestionsSeeder');

  constructor(
    @InjectStore(Question.name) private readonly questions: DocumentStore<Question>,
    @Inject(COMMUNITY_CONFIG) private readonly config: Pick<CommunityConfig, 'seedDemo'>,
    private readonly names: AuthorNames,
  ) {}

  /** Before the read models load (they load at application bootstrap). */
  async onModuleInit(): Promise<void> {
    await this.seedIfEmpty();
  }

  /** Only into an empty database: whatever people wrote (or deleted) is never touched. */
  async seedIfEmpty(): Promise<number> {
    if (!this.config.seedDemo) return 0;
    if (!(await this.questions.isEmpty())) return 0;
    // The demo authors are no accounts: their names are kept here, as svc-users' events keep the others'.
    for (const { id, displayName } of Object.values(DEMO_AUTHORS)) await this.names.named(id, displayName, new Date(0));
    const now = Date.now();
    await this.questions.model.insertMany(
      DEMO_QUESTIONS.map((question) => {
        const posted = now - question.daysAgo * DAY_MS;
        return {
          topic: question.topic,
          title: question.title,
          description: question.description,
          authorId: DEMO_AUTHORS[question.author].id,
          datePosted: new Date(posted),
          replies: question.replies.map((reply) => ({
            _id: new mongoose.Types.ObjectId(),
            authorId: DEMO_AUTHORS[reply.author].id,
            reply: reply.reply,
            datePosted: new Date(posted + reply.afterHours * HOUR_MS),
          })),
        };
      }),
    );
    this.logger.log(`Seeded ${DEMO_QUESTIONS.length} demo questions (SEED_DEMO).`);
    return DEMO_QUESTIONS.length;
  }
}
