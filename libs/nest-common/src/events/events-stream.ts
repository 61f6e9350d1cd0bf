import { EVENTS_STREAM, EVENTS_SUBJECT_PREFIX } from '@dblearn/contracts';
import { JetStreamApiCodes, JetStreamApiError, type JetStreamManager, type StreamConfig, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** Every domain event goes to one stream (DESIGN "Events"). */
export const EVENTS_STREAM_SUBJECTS = [`${EVENTS_SUBJECT_PREFIX}.>`];

/** Publishers send `msgID = eventId`; a relay retrying within this window cannot store an event twice. */
export const EVENTS_DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export function eventsStreamConfig(): Partial<StreamConfig> & { name: string } {
  return {
    name: EVENTS_STREAM,
    subjects: [...EVENTS_STREAM_SUBJECTS],
    storage: StorageType.File,
    duplicate_window: nanos(EVENTS_DUPLICATE_WINDOW_MS),
  };
}

/** The subjects a stream must gain to carry every event, or an empty list when it already does. */
export function missingSubjects(current: readonly string[] | undefined): string[] {
  return EVENTS_STREAM_SUBJECTS.filter((subject) => !(current ?? []).includes(subject));
}

/**
 * Creates the events stream or brings an existing one up to date. Safe to call from every instance
 * of every service at once: whoever loses the race to create it updates instead.
 */
export async function ensureEventsStream(jsm: JetStreamManager): Promise<void> {
  let subjects = await streamSubjects(jsm);
  if (subjects === null) {
    try {
      await jsm.streams.add(eventsStreamConfig());
      return;
    } catch (error) {
      // Someone else created it between our look and our add: check theirs instead.
      subjects = await streamSubjects(jsm);
      if (subjects === null) throw error;
    }
  }
  const missing = missingSubjects(subjects);
  if (missing.length > 0) {
    await jsm.streams.update(EVENTS_STREAM, { subjects: [...subjects, ...missing] });
  }
}

async function streamSubjects(jsm: JetStreamManager): Promise<string[] | null> {
  try {
    const info = await jsm.streams.info(EVENTS_STREAM);
    return info.config.subjects ?? [];
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null;
    throw error;
  }
}
