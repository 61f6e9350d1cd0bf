import { type QnaQuestion, SERVICES } from '@dblearn/contracts';
import { ChangeBroadcast, EventsConnection, JsonItemCache, KeptRegistry, RequestConnection } from '@dblearn/nest-common';

/** Memory for whole questions: 200 replies of 3,000 characters are about 600 kB of JSON. */
const MAX_BYTES = 64 * 1024 * 1024;

/** "This question changed", between svc-community's own instances (the gateway keeps no question). */
export const QUESTION_CHANGES = `${SERVICES.community.queue}.internal.question`;

/** What the cache needs to tell the other instances; without it (a unit test), only this one drops. */
export interface QuestionCacheBus {
  requests: RequestConnection;
  events: EventsConnection;
  kept: KeptRegistry;
}

/**
 * Recently read questions, whole, as the bytes GET /qna/{id} sends (FerretDB spends milliseconds of
 * CPU decoding a question with hundreds of replies). A write drops the entry on every instance
 * before it answers (`changed`: a ChangeBroadcast, as svc-content's item cache); every community
 * event drops it too (QuestionList); a read that started before a drop never stores its (possibly
 * older) answer.
 */
export class QuestionCache extends JsonItemCache<QnaQuestion> {
  private readonly broadcast: ChangeBroadcast | null;

  constructor(bus?: QuestionCacheBus, maxBytes = MAX_BYTES) {
    super(maxBytes);
    this.broadcast = bus ? new ChangeBroadcast(bus.requests, bus.events, QUESTION_CHANGES, (id) => (id === null ? this.clear() : this.drop(id)), bus.kept) : null;
  }

  /** After a write of this question, before it answers: dropped here and on every other instance. */
  async changed(id: string): Promise<void> {
    if (this.broadcast) await this.broadcast.announce(id);
    else this.drop(id);
  }
}
