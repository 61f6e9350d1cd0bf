import { EVENTS_STREAM, PROCESSED_EVENTS_BUCKET, replaySubjectPrefix, SERVICES } from '@dblearn/contracts';
import { type DomainEvent, EVENT_PAYLOADS } from '@dblearn/contracts/dto';
import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { AckPolicy, type ConsumerMessages, DeliverPolicy, jetstream, type JetStreamManager, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import { nanos } from '@nats-io/transport-node';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { backoffDelay } from '@dblearn/contracts';
import { EVENT_HANDLER_METADATA, type EventHandlerMetadata } from './event-handler.decorator.js';
import { EVENTS_OPTIONS, EventsConnection, type EventsOptions } from './events-connection.js';
import { DEFAULT_EVENTS_RETENTION, ensureEventsStream } from './events-stream.js';
import { originalSubject, ParkedEvents, parkedKey } from './parked-events.js';

/** Which eventIds each service has handled, for as long as the stream keeps events. */
export const PROCESSED_BUCKET = PROCESSED_EVENTS_BUCKET;
export const DEFAULT_MAX_DELIVERIES = 5;
const DEFAULT_REDELIVERY_BACKOFF_MS = 1_000;
const MAX_REDELIVERY_BACKOFF_MS = 60_000;
/** A handler that takes longer than this is assumed dead and its event goes to another instance. */
const ACK_WAIT_MS = 30_000;

interface Handler {
  subject: string;
  /** `Class.method`: names the handler's own processed mark when a subject has several. */
  name: string;
  dto: new () => DomainEvent;
  call(event: unknown): Promise<unknown>;
}

/** The reasons a payload does not fit its DTO, or null when it does. */
export async function payloadProblems(dto: new () => DomainEvent, payload: unknown): Promise<string | null> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'the payload is not a JSON object';
  const errors = await validate(plainToInstance(dto, payload), { forbidUnknownValues: false });
  if (errors.length === 0) return null;
  return errors.flatMap((error) => Object.values(error.constraints ?? {})).join(' ');
}

/**
 * The service's durable JetStream consumer (`svc-<service>`), created when some provider has an
 * `@EventHandler` method. Every instance of the service pulls from it, so each event goes to one
 * instance. Explicit acks; a failing handler is retried with a doubling delay; after the delivery
 * cap (or at once for a payload of the wrong shape) the event is parked for `npm run events`.
 * An eventId already handled is acknowledged without running the handler again.
 */
@Injectable()
export class EventConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('EventConsumer');
  /** Per subject, its handlers: usually one; several features of a service may follow one subject. */
  private readonly handlers = new Map<string, Handler[]>();
  private readonly durable: string;
  private readonly maxDeliveries: number;
  private messages: ConsumerMessages | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly events: EventsConnection,
    @Inject(EVENTS_OPTIONS) private readonly options: EventsOptions,
  ) {
    this.durable = SERVICES[options.service].queue;
    this.maxDeliveries = options.maxDeliveries ?? DEFAULT_MAX_DELIVERIES;
  }

  /** The subjects this service handles (for tests and the startup line). */
  subjects(): string[] {
    return [...this.handlers.keys()];
  }

  onApplicationBootstrap(): void {
    this.discoverHandlers();
    if (this.handlers.size === 0) return;
    // In the background: a service answers requests while NATS is still away.
    this.running = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.messages?.stop();
    await this.running;
  }

  private discoverHandlers(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isNotMetatype) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const metadata = Reflect.getMetadata(EVENT_HANDLER_METADATA, prototype, name) as EventHandlerMetadata | undefined;
        if (!metadata) continue;
        const method = instance[name] as (event: unknown) => unknown;
        const handlerName = `${instance.constructor.name}.${name}`;
        const handlers = this.handlers.get(metadata.subject) ?? [];
        if (handlers.some((handler) => handler.name === handlerName)) throw new Error(`${handlerName} handles ${metadata.subject} twice.`);
        handlers.push({
          subject: metadata.subject,
          name: handlerName,
          dto: EVENT_PAYLOADS[metadata.subject],
          call: async (event) => method.call(instance, event),
        });
        this.handlers.set(metadata.subject, handlers);
      }
    }
  }

  private async run(): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt += 1) {
      try {
        await this.consume();
        attempt = 0;
      } catch (error) {
        if (this.stopped) return;
        const delay = backoffDelay(attempt);
        this.logger.warn(`Consumer ${this.durable} stopped (${error instanceof Error ? error.message : String(error)}); again in ${delay / 1000} s.`);
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  }

  private async consume(): Promise<void> {
    const nc = await this.events.connection();
    const jsm = await jetstreamManager(nc);
    const retention = this.options.retention ?? DEFAULT_EVENTS_RETENTION;
    await ensureEventsStream(jsm, retention);
    await this.ensureDurable(jsm);
    const processed = await new Kvm(nc).create(PROCESSED_BUCKET, { history: 1, ttl: retention.maxAgeMs });
    const parked = await ParkedEvents.open(nc, this.options.service);
    const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, this.durable);
    if (this.stopped) return;
    this.messages = await consumer.consume({ max_messages: 16 });
    this.logger.log(`Consumer ${this.durable} handles ${this.subjects().join(', ')}.`);
    for await (const message of this.messages) {
      await this.handle(message, processed, parked);
    }
  }

  private async ensureDurable(jsm: JetStreamManager): Promise<void> {
    const filter_subjects = [...this.handlers.keys(), `${replaySubjectPrefix(this.options.service)}>`].sort();
    const existing = await jsm.consumers.info(EVENTS_STREAM, this.durable).catch(() => null);
    if (existing) {
      this.warnIfEventsExpired(existing.ack_floor.stream_seq, (await jsm.streams.info(EVENTS_STREAM)).state.first_seq);
      const current = [...(existing.config.filter_subjects ?? [])].sort();
      if (current.join(' ') !== filter_subjects.join(' ')) await jsm.consumers.update(EVENTS_STREAM, this.durable, { filter_subjects });
      return;
    }
    try {
      await jsm.consumers.add(EVENTS_STREAM, {
        durable_name: this.durable,
        ack_policy: AckPolicy.Explicit,
        // A new service reads every event the stream still has.
        deliver_policy: DeliverPolicy.All,
        filter_subjects,
        ack_wait: nanos(ACK_WAIT_MS),
        // The kit parks at maxDeliveries; the server's cap is a backstop for a process dying mid-handler.
        max_deliver: this.maxDeliveries + 2,
      });
    } catch (error) {
      // Another instance created it first.
      if (!(await jsm.consumers.info(EVENTS_STREAM, this.durable).catch(() => null))) throw error;
    }
  }

  /** Events older than the stream's retention are gone: the service must rebuild from the owner. */
  private warnIfEventsExpired(ackFloor: number, firstSequence: number): void {
    if (ackFloor > 0 && ackFloor + 1 < firstSequence) {
      this.logger.error(
        `Consumer ${this.durable} was away longer than the events stream keeps events (acknowledged up to #${ackFloor}, the stream now starts at #${firstSequence}): events may be missing; rebuild this service's copies from their owners (libs/nest-common/README.md, "Retention").`,
      );
    }
  }

  private async handle(message: JsMsg, processed: KV, parked: ParkedEvents): Promise<void> {
    const subject = originalSubject(message.subject, this.options.service);
    const handlers = this.handlers.get(subject);
    if (!handlers) {
      message.ack();
      return;
    }
    const deliveries = message.info.deliveryCount;
    const park = async (reason: string, eventId?: unknown) => {
      await parked.park({ key: parkedKey(this.options.service, eventId, message.seq), subject, data: message.string(), reason, deliveries, streamSequence: message.seq });
      message.term(reason);
      this.logger.error(`Parked event #${message.seq} on ${subject}: ${reason}`);
    };
    try {
      let event: { eventId?: unknown };
      try {
        event = JSON.parse(message.string()) as { eventId?: unknown };
      } catch {
        await park('the payload is not JSON');
        return;
      }
      const problems = await payloadProblems(handlers[0]!.dto, event);
      if (problems) {
        await park(`the payload does not fit ${handlers[0]!.dto.name}: ${problems}`, event?.eventId);
        return;
      }
      // One mark per handler when a subject has several, so a retry runs only the ones that failed.
      const keyOf = (handler: Handler) => `${this.options.service}.${event.eventId as string}${handlers.length > 1 ? `.${handler.name}` : ''}`;
      for (const handler of handlers) {
        const key = keyOf(handler);
        if (await processed.get(key)) continue;
        try {
          await handler.call(event);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          if (deliveries >= this.maxDeliveries) {
            await park(`the handler failed ${deliveries} times; last: ${reason}`, event.eventId);
          } else {
            const delay = backoffDelay(deliveries, { initialMs: this.options.redeliveryBackoffMs ?? DEFAULT_REDELIVERY_BACKOFF_MS, maxMs: MAX_REDELIVERY_BACKOFF_MS });
            this.logger.warn(`Handler ${handler.name} for ${subject} failed (delivery ${deliveries} of ${this.maxDeliveries}): ${reason}; retry in ${delay} ms.`);
            message.nak(delay);
          }
          return;
        }
        await processed.put(key, message.info.timestampNanos.toString());
      }
      message.ack();
    } catch (error) {
      // NATS went away mid-message: it is redelivered after ack_wait, nothing is lost.
      this.logger.warn(`Could not settle event #${message.seq} on ${subject}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
