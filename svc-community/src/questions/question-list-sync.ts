import { COMMUNITY_EVENTS_PREFIX, type DomainEvent, EVENTS_STREAM } from '@dblearn/contracts';
import { backoffDelay, EventsConnection } from '@dblearn/nest-common';
import { type ConsumerMessages, DeliverPolicy, jetstream } from '@nats-io/jetstream';
import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DemoQuestionsSeeder } from '../demo/demo-questions.seeder.js';
import { QuestionsService } from './questions.service.js';

/** Events from this long before the list was taken are applied over it, so that none falls in between. */
const REPLAY_MARGIN_MS = 10_000;
/** How often a changed list is saved as a snapshot (and once more at shutdown). */
const SNAPSHOT_INTERVAL_MS = 60_000;

/**
 * Brings the list read model up at start and keeps it in step with every instance's writes.
 *
 * Start: the demo seed (empty database only), then the list from its snapshot (seconds) or, the
 * first time, from the collection. The service answers from then on. Each instance follows every
 * events.community.* message through its own ordered JetStream consumer, from a little before the
 * list was taken, and refreshes that question by _id; after a snapshot start it also reads the whole
 * collection once in the background (it finds events a crash left unpublished, and anything else
 * the snapshot missed).
 */
@Injectable()
export class QuestionListSync implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('QuestionListSync');
  private messages: ConsumerMessages | null = null;
  private following: Promise<void> | null = null;
  private background: Promise<void> | null = null;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private lastSequence = 0;
  private stopped = false;

  constructor(
    private readonly questions: QuestionsService,
    private readonly demo: DemoQuestionsSeeder,
    private readonly events: EventsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.demo.seedIfEmpty();
    const started = new Date();
    const takenAt = await this.questions.loadFromSnapshot().catch((error: unknown) => {
      this.logger.warn(`The list snapshot could not be read (${String(error)}); reading the collection instead.`);
      return null;
    });
    if (takenAt) {
      this.follow(new Date(takenAt.getTime() - REPLAY_MARGIN_MS));
      this.background = this.questions
        .loadFromDatabase()
        .then(() => this.questions.saveSnapshot())
        .catch((error: unknown) => this.logger.warn(`The background check of the list failed: ${String(error)}`));
    } else {
      this.follow(new Date(started.getTime() - REPLAY_MARGIN_MS));
      await this.questions.loadFromDatabase();
      this.background = this.questions.saveSnapshot().catch((error: unknown) => this.logger.warn(`The list snapshot could not be saved: ${String(error)}`));
    }
    this.snapshotTimer = setInterval(() => {
      this.questions.saveSnapshot().catch((error: unknown) => this.logger.warn(`The list snapshot could not be saved: ${String(error)}`));
    }, SNAPSHOT_INTERVAL_MS);
    this.snapshotTimer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    this.messages?.stop();
    await Promise.allSettled([this.following, this.background]);
    await this.questions.saveSnapshot().catch((error: unknown) => this.logger.warn(`The list snapshot could not be saved: ${String(error)}`));
  }

  private follow(since: Date): void {
    this.following = this.followLoop(since);
  }

  private async followLoop(since: Date): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        const nc = await this.events.connection();
        // After a break, resume right after the last event applied: none is missed, none repeated.
        const start =
          this.lastSequence > 0
            ? { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: this.lastSequence + 1 }
            : { deliver_policy: DeliverPolicy.StartTime, opt_start_time: since.toISOString() };
        const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, { filter_subjects: `${COMMUNITY_EVENTS_PREFIX}>`, ...start });
        if (this.stopped) return;
        this.messages = await consumer.consume({ max_messages: 64 });
        attempt = 0;
        for await (const message of this.messages) {
          await this.apply(message.string());
          this.lastSequence = message.seq;
        }
      } catch (error) {
        if (this.stopped) return;
        const delay = backoffDelay(attempt);
        this.logger.warn(`Not following community events (${error instanceof Error ? error.message : String(error)}); again in ${delay / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
      }
    }
  }

  private async apply(data: string): Promise<void> {
    let entityId: unknown;
    try {
      ({ entityId } = JSON.parse(data) as DomainEvent);
    } catch {
      return;
    }
    if (typeof entityId !== 'string' || !/^[0-9a-f]{24}$/i.test(entityId)) return;
    // The next event of that question, or the next start, repairs a refresh that failed here.
    await this.questions.refresh(entityId).catch((error: unknown) => this.logger.warn(`Could not refresh question ${entityId}: ${String(error)}`));
  }
}
