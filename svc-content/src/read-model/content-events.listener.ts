import { type DomainEvent, EVENT_SUBJECTS } from '@dblearn/contracts';
import { EventsConnection } from '@dblearn/nest-common';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Subscription } from '@nats-io/transport-node';
import { CoursesReadModel } from '../courses/courses.read-model.js';
import { InterviewReadModel } from '../interview/interview.read-model.js';

/**
 * Keeps this instance's read models in step with every instance's writes (DESIGN "Events": every
 * instance of the service hears events.content.*). A plain subscription, no queue group, so each
 * instance gets each event; each handler re-reads by `_id`, so replays and the instance's own
 * events are harmless. An instance that misses events while NATS is away reloads when it reconnects.
 */
@Injectable()
export class ContentEventsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ContentEventsListener.name);
  private subscription: Subscription | null = null;

  constructor(
    private readonly events: EventsConnection,
    private readonly courses: CoursesReadModel,
    private readonly interview: InterviewReadModel,
  ) {}

  onApplicationBootstrap(): void {
    void this.subscribe();
  }

  onApplicationShutdown(): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  private async subscribe(): Promise<void> {
    const nc = await this.events.connection().catch(() => null);
    if (!nc) return;
    this.subscription = nc.subscribe('events.content.>', {
      callback: (error, message) => {
        if (error) return;
        void this.apply(message.subject, message.json<DomainEvent>()).catch((failure: unknown) =>
          this.logger.warn(`Could not apply ${message.subject}: ${failure instanceof Error ? failure.message : String(failure)}`),
        );
      },
    });
    void (async () => {
      for await (const status of nc.status()) {
        // Events published while we were cut off never reach this subscription: start over from the database.
        if (status.type === 'reconnect') await Promise.all([this.courses.load(), this.interview.load()]).catch(() => undefined);
      }
    })();
  }

  private async apply(subject: string, event: DomainEvent): Promise<void> {
    switch (subject) {
      case EVENT_SUBJECTS.courseUpdated:
        return this.courses.refresh(event.entityId);
      case EVENT_SUBJECTS.courseDeleted:
        return this.courses.remove(event.entityId);
      case EVENT_SUBJECTS.interviewCreated:
      case EVENT_SUBJECTS.interviewUpdated:
      case EVENT_SUBJECTS.interviewDeleted:
        return this.interview.refresh(event.entityId);
    }
  }
}
