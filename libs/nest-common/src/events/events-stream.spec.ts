import { EVENTS_STREAM } from '@dblearn/contracts';
import { describe, expect, it } from '@jest/globals';
import { EVENTS_DUPLICATE_WINDOW_MS, eventsStreamConfig, missingSubjects } from './events-stream.js';

describe('the events stream', () => {
  it('is one file-backed stream for events.> that drops duplicates within its window', () => {
    expect(eventsStreamConfig()).toEqual({
      name: EVENTS_STREAM,
      subjects: ['events.>'],
      storage: 'file',
      duplicate_window: EVENTS_DUPLICATE_WINDOW_MS * 1_000_000,
    });
  });

  it('knows which subjects an existing stream still lacks', () => {
    expect(missingSubjects(undefined)).toEqual(['events.>']);
    expect(missingSubjects(['legacy.>'])).toEqual(['events.>']);
    expect(missingSubjects(['legacy.>', 'events.>'])).toEqual([]);
  });
});
