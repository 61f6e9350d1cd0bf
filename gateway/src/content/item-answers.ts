import { CHANGED_EVERYTHING, CONTENT_ITEM_CHANGES, CONTENT_PATTERNS, type ContentItemKind, contentItemKindOf, type JsonBytes } from '@dblearn/contracts';
import { ByteBoundedCache } from '@dblearn/nest-common';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ChangeFeed } from '../services/change-feed.js';
import { ServiceClients } from '../services/service-clients.js';

/** What the gateway may hold of item answers: the shipped curriculum takes well under 2 MB. */
export const ITEM_ANSWERS_MAX_BYTES = 32 * 1024 * 1024;

/** One answer as svc-content made it, with what it costs to keep. */
class KeptAnswer {
  readonly size: number;
  constructor(readonly answer: JsonBytes) {
    this.size = answer.body.byteLength + (answer.etag?.length ?? 0) + 64;
  }
}

const keyOf = (kind: ContentItemKind, id: string, gzip: boolean) => `${kind}:${id}:${gzip ? 'gz' : 'plain'}`;

/**
 * GET /course/{id}, /tutorial/{id}, /project/{id} and /interview/{id} without a trip to svc-content
 * while the item is unchanged (issue 20): the answer svc-content built (bytes, gzip, entity tag) is
 * kept here and dropped when svc-content announces a write of that item (CHANGE_SUBJECTS).
 *
 * Why a reader never gets an old version after a write was answered: svc-content announces the
 * change, and waits for NATS to take it, before it answers the write; the announcement and every
 * reply reach the gateway on one connection (the content client's), so the drop is heard before the
 * write's answer. A read that was already on its way when the drop came is answered but not kept
 * (ByteBoundedCache). Announcements cannot be heard without NATS, so nothing is kept while the
 * connection is down, and everything is dropped when it comes back.
 */
@Injectable()
export class ItemAnswers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly kept = new ByteBoundedCache<KeptAnswer>(ITEM_ANSWERS_MAX_BYTES);
  private readonly changes: ChangeFeed;

  constructor(private readonly services: ServiceClients) {
    this.changes = new ChangeFeed(services.get('content'), CONTENT_ITEM_CHANGES, {
      changed: (subject, body) => this.changed(subject, body),
      lost: () => this.kept.clear(),
    });
  }

  async find(kind: ContentItemKind, id: string, gzip: boolean): Promise<JsonBytes> {
    const load = () => this.services.send(CONTENT_PATTERNS.findItemJson, { kind, id, gzip });
    if (!this.changes.live) return load();
    // A 404 or 503 rejects here and keeps nothing.
    const kept = await this.kept.getOrLoad(keyOf(kind, id, gzip), async () => new KeptAnswer(await load()));
    return kept ? kept.answer : load();
  }

  onApplicationBootstrap(): void {
    this.changes.start();
  }

  onApplicationShutdown(): void {
    this.changes.stop();
  }

  private changed(subject: string, body: string): void {
    const kind = contentItemKindOf(subject);
    if (kind === null || body === CHANGED_EVERYTHING) {
      this.kept.clear();
      return;
    }
    this.kept.drop(keyOf(kind, body, false));
    this.kept.drop(keyOf(kind, body, true));
  }
}
