import { Types } from 'mongoose';

/**
 * Lists run oldest first by `createdAt`, then `_id`. `createdAt` is always the time inside the
 * `_id`, so an item keeps its place after an export and import, on any instance.
 */
export function createdAtOf(id: Types.ObjectId | string): Date {
  return new Types.ObjectId(id).getTimestamp();
}

/** A fresh `_id` and its `createdAt`, for a new document. */
export function newIdentity(): { _id: Types.ObjectId; createdAt: Date } {
  const _id = new Types.ObjectId();
  return { _id, createdAt: createdAtOf(_id) };
}
