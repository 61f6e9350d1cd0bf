import { EVENTS_STREAM } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { EVENTS_DUPLICATE_WINDOW_MS, eventsStreamConfig, missingSubjects } from './events-stream.js';

describe('the events stream', () => {
  it('is one file-backed stream for events.>, bounded by age and size, that drops duplicates within its window', () => {
    expect(eventsStreamConfig({ maxAgeMs: 3_600_000, maxBytes: 5_000_000 })).toEqual({
      name: EVENTS_STREAM,
      subjects: ['events.>'],
      storage: 'file',
      max_age: 3_600_000 * 1_000_000,
      max_bytes: 5_000_000,
      duplicate_window: EVENTS_DUPLICATE_WINDOW_MS * 1_000_000,
    });
  });

  it('never keeps events for less than the duplicate window', () => {
    expect(eventsStreamConfig({ maxAgeMs: 1_000, maxBytes: 1 }).max_age).toBe(EVENTS_DUPLICATE_WINDOW_MS * 1_000_000);
  });

  it('knows which subjects an existing stream still lacks', () => {
    expect(missingSubjects(undefined)).toEqual(['events.>']);
    expect(missingSubjects(['legacy.>'])).toEqual(['events.>']);
    expect(missingSubjects(['legacy.>', 'events.>'])).toEqual([]);
  });
});
