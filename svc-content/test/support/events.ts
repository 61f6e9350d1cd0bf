import { type DomainEvent, EVENTS_STREAM } from '@dblearn/contracts';
import { jetstream } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

/** Every event on the events stream under `subject` (wildcards allowed) about `entityId`, in stream order. */
export async function publishedEvents(natsUrl: string, subject: string, entityId: string): Promise<Array<DomainEvent & Record<string, unknown>>> {
  const nc = await connect({ servers: natsUrl });
  try {
    const consumer = await jetstream(nc).consumers.get(EVENTS_STREAM, { filter_subjects: [subject] });
    const events: Array<DomainEvent & Record<string, unknown> & { subject: string }> = [];
    for (;;) {
      const message = await consumer.next({ expires: 1_000 });
      if (!message) break;
      events.push({ ...message.json<DomainEvent & Record<string, unknown>>(), subject: message.subject });
      if ((message.info.pending ?? 0) === 0) break;
    }
    return events.filter((event) => event.entityId === entityId);
  } finally {
    await nc.close();
  }
}
