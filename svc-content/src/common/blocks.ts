import { BLOCK_NOT_FOUND_MESSAGE, CONTENT_ITEM_MAX_JSON_BYTES, itemTooLargeMessage } from '@dblearn/contracts';
import { conflict, type DocumentStore, notFound } from '@dblearn/nest-common';
import { Types } from 'mongoose';
import type { ContentBlockRecord } from './content-block.schema.js';

interface WithBlocks {
  contents: ContentBlockRecord[];
}

/** A new block for `$push`, with its own id. */
export function newBlock(content: { header?: string; detail?: string }): ContentBlockRecord {
  return { _id: new Types.ObjectId(), header: content.header ?? '', detail: content.detail ?? '' };
}

/**
 * Refuses (409) a block that would take the item past CONTENT_ITEM_MAX_JSON_BYTES, before anything is
 * written: the item travels whole in one NATS message (every answer about it, an export, an import),
 * so a larger one would be stored yet answer 503 from then on. `after` is the item's answer as it would be.
 */
export function assertItemFits(after: object, noun: 'tutorial' | 'project'): void {
  if (Buffer.byteLength(JSON.stringify(after)) > CONTENT_ITEM_MAX_JSON_BYTES) throw conflict(itemTooLargeMessage(noun));
}

/**
 * Removes block `blockId` from document `id`; false when the document does not exist, 404 when the
 * block does not. The list is written back whole, in one atomic step (nest-common README §5: arrays).
 */
export function removeBlock<T extends WithBlocks>(store: DocumentStore<T>, id: string, blockId: string): Promise<boolean> {
  return store.atomically(id, async () => {
    const record = await store.findById<WithBlocks>(id, { contents: 1 });
    if (!record) return false;
    const kept = record.contents.filter((block) => String(block._id) !== blockId);
    if (kept.length === record.contents.length) throw notFound(BLOCK_NOT_FOUND_MESSAGE);
    await store.update(id, { $set: { contents: kept } } as never);
    return true;
  });
}
