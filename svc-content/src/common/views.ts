import type { ContentBlock } from '@dblearn/contracts';
import type { Types } from 'mongoose';

/** ObjectIds as the hex strings every answer carries. */
export function idOf(value: Types.ObjectId | string): string {
  return String(value);
}

export function idOrNull(value: Types.ObjectId | string | null | undefined): string | null {
  return value ? String(value) : null;
}

export function toBlocks(blocks: ReadonlyArray<{ _id: Types.ObjectId; header?: string; detail?: string }> | undefined): ContentBlock[] {
  return (blocks ?? []).map((block) => ({ _id: idOf(block._id), header: block.header ?? '', detail: block.detail ?? '' }));
}
