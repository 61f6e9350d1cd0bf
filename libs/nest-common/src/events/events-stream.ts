import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@dblearn/contracts';
import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager, type StreamConfig, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** Every domain event goes to one stream (DESIGN "Events"). */
export const EVENTS_STREAM_SUBJECTS = [`${EVENTS_SUBJECT_PREFIX}.>`];

/** Publishers send `msgID = eventId`; a relay retrying within this window cannot store an event twice. */
export const EVENTS_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

/**
 * How long and how much the stream keeps. A consumer away for longer than `maxAgeMs` (or behind by
 * more than `maxBytes`) has missed events for good and must rebuild what it derives from them
 * (libs/nest-common/README.md, "Retention").
 */
export interface EventsRetention {
  maxAgeMs: number;
  maxBytes: number;
}

export const DEFAULT_EVENTS_RETENTION: EventsRetention = { maxAgeMs: 7 * 24 * 60 * 60 * 1000, maxBytes: 1024 * 1024 * 1024 };

export function eventsStreamConfig(retention: EventsRetention = DEFAULT_EVENTS_RETENTION): Partial<StreamConfig> & { name: string } {
  return {
    name: EVENTS_STREAM,
    subjects: [...EVENTS_STREAM_SUBJECTS],
    storage: StorageType.File,
    // Never shorter than the dedupe window, or a re-sent event could be stored twice.
    max_age: nanos(Math.max(retention.maxAgeMs, EVENTS_DUPLICATE_WINDOW_MS)),
    max_bytes: retention.maxBytes,
    duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
  };
}

/** The subjects a stream must gain to carry every event, or an empty list when it already does. */
export function missingSubjects(current: readonly string[] | undefined): string[] {
  return EVENTS_STREAM_SUBJECTS.filter((subject) => !(current ?? []).includes(subject));
}

/**
 * Creates the events stream or brings an existing one up to date (subjects, retention). Safe to
 * call from every instance of every service at once: whoever loses the race to create it updates.
 */
export async function ensureEventsStream(jsm: JetStreamManager, retention: EventsRetention = DEFAULT_EVENTS_RETENTION): Promise<void> {
  const wanted = eventsStreamConfig(retention);
  let current = await streamConfig(jsm);
  if (current === null) {
    try {
      await jsm.streams.add(wanted);
      return;
    } catch (error) {
      // Someone else created it between our look and our add: check theirs instead.
      current = await streamConfig(jsm);
      if (current === null) throw error;
    }
  }
  const missing = missingSubjects(current.subjects);
  if (missing.length > 0 || current.max_age !== wanted.max_age || current.max_bytes !== wanted.max_bytes) {
    await jsm.streams.update(EVENTS_STREAM, {
      subjects: [...(current.subjects ?? []), ...missing],
      max_age: wanted.max_age,
      max_bytes: wanted.max_bytes,
    });
  }
}

async function streamConfig(jsm: JetStreamManager): Promise<StreamConfig | null> {
  try {
    return (await jsm.streams.info(EVENTS_STREAM)).config;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null;
    throw error;
  }
}
