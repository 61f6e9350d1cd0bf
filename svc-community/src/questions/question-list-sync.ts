import { COMMUNITY_EVENTS_PREFIX, type DomainEvent } from '@dblearn/contracts';
import { EventsConnection } from '@dblearn/nest-common';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DemoQuestionsSeeder } from '../demo/demo-questions.seeder.js';
import { QuestionsService } from './questions.service.js';

/**
 * Brings the list read model up at start (after the demo seed) and keeps it in step with every
 * instance's writes: each instance hears every events.community.* message (a plain subscription,
 * not a queue group) and refreshes that question by _id. Events missed while cut off from NATS
 * are made up for by reloading the list.
 */
@Injectable()
export class QuestionListSync implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('QuestionListSync');
  private subscription: Subscription | null = null;
  private stopped = false;

  constructor(
    private readonly questions: QuestionsService,
    private readonly demo: DemoQuestionsSeeder,
    private readonly events: EventsConnection,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.demo.seedIfEmpty();
    await this.questions.loadList();
    // In the background: the service answers from its database even while NATS events are away.
    void this.events.connection().then(
      (nc) => this.listen(nc),
      (error: unknown) => this.logger.warn(`Community events from other instances are not heard: ${String(error)}`),
    );
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.subscription && !this.subscription.isClosed()) this.subscription.unsubscribe();
  }

  private listen(nc: NatsConnection): void {
    if (this.stopped) return;
    this.subscription = nc.subscribe(`${COMMUNITY_EVENTS_PREFIX}>`, {
      callback: (error, message) => {
        if (error) return;
        let entityId: unknown;
        try {
          ({ entityId } = message.json<DomainEvent>());
        } catch {
          return;
        }
        if (typeof entityId !== 'string') return;
        this.questions.refresh(entityId).catch((failure: unknown) => this.logger.warn(`Could not refresh question ${entityId}: ${String(failure)}`));
      },
    });
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'reconnect' && !this.stopped) {
          await this.questions.loadList().catch((failure: unknown) => this.logger.warn(`Could not reload the list: ${String(failure)}`));
        }
      }
    })();
  }
}
