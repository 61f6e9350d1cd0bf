import type { DomainEventDto } from '@dblearn/contracts/dto';

export const EVENT_HANDLER_METADATA = 'dblearn:event-handler';

export interface EventHandlerMetadata {
  subject: string;
  /** Validates the payload before the handler runs; default: the subject's DTO in EVENT_DTOS. */
  dto?: new () => DomainEventDto;
}

/**
 * Marks a provider method as the service's handler for one event subject. The service's durable
 * consumer (`svc-<service>`) then delivers every event of that subject to one of its instances:
 * validated, at most once per eventId, retried with backoff when the method throws, parked after
 * the delivery cap. The method gets the parsed payload; whatever it returns is ignored.
 *
 *   @EventHandler(EVENT_SUBJECTS.projectUpdated)
 *   async onProjectUpdated(event: ProjectUpdatedEvent) { … }
 */
export function EventHandler(subject: string, dto?: new () => DomainEventDto): MethodDecorator {
  return (target, key) => {
    const metadata: EventHandlerMetadata = { subject, ...(dto ? { dto } : {}) };
    Reflect.defineMetadata(EVENT_HANDLER_METADATA, metadata, target, key);
  };
}
