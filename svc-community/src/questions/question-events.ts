import { randomUUID } from 'node:crypto';
import type { EventPayloads, EventSubject } from '@dblearn/contracts';
import { backoffDelay, ensureEventsStream, EventsConnection } from '@dblearn/nest-common';
import { jetstream, type JetStreamClient, jetstreamManager } from '@nats-io/jetstream';
import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import mongoose, { type Model } from 'mongoose';
import { QuestionWriteLock } from './question-write-lock.js';
import { type PendingEvent, Question, rawQuestions } from './questions.schema.js';

const PUBLISH_TIMEOUT_MS = 5_000;

/** An event to store in the same update as the change it describes. */
export function pendingEvent<S extends EventSubject>(subject: S, data: Omit<EventPayloads[S], 'eventId' | 'occurredAt'>): PendingEvent {
  const eventId = randomUUID();
  return { eventId, subject, payload: { ...data, eventId, occurredAt: new Date().toISOString() } };
}

/**
 * Publishes the events waiting in question documents to JetStream (msgID = eventId, so a retry is
 * dropped as a duplicate), removes each from its document once acknowledged (`$pullAll` of the
 * exact element: FerretDB ignores `$pull` with a condition) and deletes a tombstone once its
 * deleted event is out. A crash at any step leaves the event in the document; the next start finds
 * it while loading the list and publishes it then. NATS away: retries with a growing delay.
 */
@Injectable()
export class QuestionEventRelay implements BeforeApplicationShutdown {
  private readonly logger = new Logger('QuestionEventRelay');
  private readonly waiting = new Set<string>();
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private stopped = false;
  private client: JetStreamClient | null = null;

  constructor(
    @InjectModel(Question.name) private readonly questions: Model<Question>,
    private readonly events: EventsConnection,
    private readonly lock: QuestionWriteLock,
  ) {}

  /** Asks for the pending events of these questions to go out soon. Never waits, never throws. */
  wake(...questionIds: string[]): void {
    for (const id of questionIds) this.waiting.add(id);
    if (this.stopped || this.retryTimer) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = null;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  /** Resolves once nothing is waiting (tests, and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    if (this.running) await Promise.race([this.running, new Promise((resolve) => setTimeout(resolve, PUBLISH_TIMEOUT_MS).unref())]);
  }

  private async pass(): Promise<void> {
    const batch = [...this.waiting];
    this.waiting.clear();
    try {
      for (const id of batch) {
        if (this.stopped) return;
        await this.lock.run(id, () => this.publishFor(id));
      }
      this.failures = 0;
    } catch (error) {
      for (const id of batch) this.waiting.add(id);
      if (this.stopped) return;
      this.failures += 1;
      this.client = null;
      const delay = backoffDelay(this.failures);
      const message = `Could not publish pending events (${error instanceof Error ? error.message : String(error)}); retrying in ${delay} ms.`;
      if (this.failures === 1 || this.failures % 10 === 0) this.logger.warn(message);
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        this.wake();
      }, delay);
      this.retryTimer.unref();
    }
  }

  private async publishFor(id: string): Promise<void> {
    const question = await this.questions.findById(id, { pendingEvents: 1, deletedAt: 1 }).lean<Pick<Question, 'pendingEvents' | 'deletedAt'>>().exec();
    if (!question) return;
    if (question.pendingEvents.length > 0) {
      const js = await this.jetStream();
      for (const event of question.pendingEvents) {
        await js.publish(event.subject, JSON.stringify(event.payload), { msgID: event.eventId, timeout: PUBLISH_TIMEOUT_MS });
        await rawQuestions(this.questions).updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $pullAll: { pendingEvents: [event] } });
      }
    }
    // The tombstone has done its job once its deleted event is out (no write touches a tombstone).
    if (question.deletedAt) await this.questions.deleteOne({ _id: id }).exec();
  }

  private async jetStream(): Promise<JetStreamClient> {
    if (this.client) return this.client;
    const nc = await this.events.connection();
    await ensureEventsStream(await jetstreamManager(nc, { timeout: PUBLISH_TIMEOUT_MS }));
    this.client = jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS });
    return this.client;
  }
}
