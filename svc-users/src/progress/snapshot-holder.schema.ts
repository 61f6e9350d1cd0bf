import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';
import { PROGRESS_KINDS, type ProgressKind } from './progress-kinds.js';

/**
 * Who may hold a copy of one svc-content entity, keyed by that entity's id, so that an event about
 * it finds its users with one lookup by `_id` instead of a query over every user's lists.
 * `userIds` only grows while the entity lives (a user who unsaves stays listed and costs one read
 * per event); when the entity is deleted the document stays as a tombstone.
 */
@Schema({ collection: 'snapshot_holders', versionKey: false })
export class SnapshotHolder {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true, enum: PROGRESS_KINDS })
  kind!: ProgressKind;

  @Prop({ type: [mongoose.Schema.Types.ObjectId], default: [] })
  userIds!: Types.ObjectId[];

  /**
   * Set by a delete event. A request that recorded an entry while the delete went through sees it
   * afterwards and takes its entry back, so no copy of a deleted entity outlives the event.
   */
  @Prop({ type: Boolean, default: false })
  deleted!: boolean;

  /**
   * Counts the update and delete events seen for the entity. A request that copies the entity reads
   * it before asking svc-content and again after writing: if it moved, an event may have missed the
   * new copy, so the request asks svc-content once more and puts the current version.
   */
  @Prop({ type: Number, default: 0 })
  changes!: number;
}

export const SnapshotHolderSchema = SchemaFactory.createForClass(SnapshotHolder);
