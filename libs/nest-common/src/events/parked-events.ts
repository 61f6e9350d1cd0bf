import { EVENTS_SUBJECT_PREFIX, PARKED_EVENTS_BUCKET, replaySubjectPrefix, SERVICES, type ServiceName } from '@dblearn/contracts';
import { jetstream } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';

/** Where consumers park what they gave up on: one JetStream KV bucket, keys `<service>.<eventId>`. */
export const PARKED_BUCKET = PARKED_EVENTS_BUCKET;

export interface ParkedEvent {
  /** The KV key: `<service>.<eventId>` (or `<service>.seq-<n>` when the event had no usable id). */
  key: string;
  service: ServiceName;
  subject: string;
  /** The message exactly as it was on the stream. */
  data: string;
  reason: string;
  deliveries: number;
  streamSequence: number;
  parkedAt: string;
}

/** The subject a (possibly replayed) message was first published on. */
export function originalSubject(subject: string, service: ServiceName): string {
  const prefix = replaySubjectPrefix(service);
  return subject.startsWith(prefix) ? `${EVENTS_SUBJECT_PREFIX}.${subject.slice(prefix.length)}` : subject;
}

const KEY_SAFE = /^[-_a-zA-Z0-9]+$/;

export function parkedKey(service: ServiceName, eventId: unknown, streamSequence: number): string {
  return `${service}.${typeof eventId === 'string' && KEY_SAFE.test(eventId) ? eventId : `seq-${streamSequence}`}`;
}

/** What an operator (the `events` command) and a consumer do with parked events. */
export class ParkedEvents {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly kv: KV,
    private readonly service: ServiceName,
  ) {}

  static async open(nc: NatsConnection, service: ServiceName): Promise<ParkedEvents> {
    if (!(service in SERVICES)) throw new Error(`Unknown service "${service}" (one of ${Object.keys(SERVICES).join(', ')}).`);
    return new ParkedEvents(nc, await new Kvm(nc).create(PARKED_BUCKET, { history: 1 }), service);
  }

  async park(event: Omit<ParkedEvent, 'service' | 'parkedAt'>): Promise<void> {
    const entry: ParkedEvent = { ...event, service: this.service, parkedAt: new Date().toISOString() };
    await this.kv.put(event.key, JSON.stringify(entry));
  }

  /** This service's parked events, oldest first. */
  async list(): Promise<ParkedEvent[]> {
    const found: ParkedEvent[] = [];
    for await (const key of await this.kv.keys(`${this.service}.>`)) {
      const entry = await this.kv.get(key);
      if (entry && entry.operation === 'PUT') found.push(entry.json<ParkedEvent>());
    }
    return found.sort((a, b) => a.parkedAt.localeCompare(b.parkedAt));
  }

  /**
   * Sends parked events back to this service's consumer (only it receives `events.replay.<service>.>`)
   * and removes them from the parking. Returns the keys replayed.
   */
  async replay(keys?: readonly string[]): Promise<string[]> {
    const wanted = keys && keys.length > 0 ? new Set(keys.map((key) => (key.includes('.') ? key : `${this.service}.${key}`))) : null;
    const js = jetstream(this.nc);
    const replayed: string[] = [];
    for (const event of await this.list()) {
      if (wanted && !wanted.has(event.key)) continue;
      const rest = event.subject.slice(EVENTS_SUBJECT_PREFIX.length + 1);
      // A fresh message id: the original one is still in the stream's duplicate window.
      await js.publish(`${replaySubjectPrefix(this.service)}${rest}`, event.data, { msgID: `replay-${event.key}-${Date.now()}` });
      await this.kv.delete(event.key);
      replayed.push(event.key);
    }
    return replayed;
  }
}
