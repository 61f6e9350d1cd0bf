import { EVENTS, type EventSubject } from '../messaging/events.js';
import * as payloadClasses from './event.dto.js';

/** Each subject's payload class (from the EVENTS table): what the consumer kit checks an event against. */
export const EVENT_PAYLOADS = Object.fromEntries(Object.values(EVENTS).map((event) => [event.subject, payloadClasses[event.payload]])) as {
  readonly [Name in keyof typeof EVENTS as (typeof EVENTS)[Name]['subject']]: (typeof payloadClasses)[(typeof EVENTS)[Name]['payload']];
} satisfies Record<EventSubject, new () => payloadClasses.DomainEvent>;
