import { EVENTS_STREAM } from '@dblearn/contracts';
import type { JetStreamManager } from '@nats-io/jetstream';
import mongoose from 'mongoose';
import { withPendingEvents } from '../../src/events/pending-events.js';

/**
 * A small entity with events (a widget) and one it owns (its parts, removed with it), as a
 * service such as svc-content has courses and their tutorials. Plain schemas, no decorators, so
 * the crash child (plain JavaScript) declares the very same ones.
 */
export const WidgetSchema = withPendingEvents(
  new mongoose.Schema({ title: { type: String, required: true }, topic: { type: String, required: true }, rank: { type: Number, required: true } }, { versionKey: false }),
);
export const PartSchema = new mongoose.Schema({ widgetId: { type: String, required: true } }, { versionKey: false });
export const WIDGET_MODELS = [
  { name: 'Widget', schema: WidgetSchema },
  { name: 'Part', schema: PartSchema },
];

export interface StreamMessage {
  subject: string;
  data: unknown;
  /** How many messages in the stream carry this message id (exactly once → 1). */
  count: number;
}

/** Every message in the events stream, keyed by its JetStream message id. */
export async function streamMessages(jsm: JetStreamManager): Promise<Map<string, StreamMessage>> {
  const found = new Map<string, StreamMessage>();
  const info = await jsm.streams.info(EVENTS_STREAM).catch(() => null);
  if (!info || info.state.messages === 0) return found;
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq += 1) {
    const message = await messageAt(jsm, seq);
    const id = message?.header?.get('Nats-Msg-Id');
    if (!message || !id) continue;
    const previous = found.get(id);
    found.set(id, { subject: message.subject, data: message.json(), count: (previous?.count ?? 0) + 1 });
  }
  return found;
}

/**
 * The stream's message at `seq`. A request that a busy box let time out is asked again, then throws:
 * skipping it would read as an event the relay never published.
 */
async function messageAt(jsm: JetStreamManager, seq: number) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await jsm.streams.getMessage(EVENTS_STREAM, { seq });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** Polls until the check passes (relays and consumers work in the background). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
