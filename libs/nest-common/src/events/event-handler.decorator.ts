import type { EventPayloads, EventSubject } from '@dblearn/contracts';

export const EVENT_HANDLER_METADATA = 'dblearn:event-handler';

export interface EventHandlerMetadata {
  subject: EventSubject;
}

/**
 * Marks a provider method as the service's handler for one event subject. The service's durable
 * consumer (`svc-<service>`) then delivers every event of that subject to one of its instances:
 * validated against the subject's class in EVENT_PAYLOADS, at most once per eventId, retried with
 * backoff when the method throws, parked after the delivery cap. The method gets the parsed payload
 * (its parameter is type-checked against the subject's payload); whatever it returns is ignored.
 *
 *   @EventHandler(EVENT_SUBJECTS.projectUpdated)
 *   async onProjectUpdated(event: ProjectUpdatedEvent) { … }
 */
export function EventHandler<S extends EventSubject>(
  subject: S,
): <Method extends (event: EventPayloads[S]) => unknown>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<Method>) => void {
  return (target, key) => {
    const metadata: EventHandlerMetadata = { subject };
    Reflect.defineMetadata(EVENT_HANDLER_METADATA, metadata, target, key);
  };
}
