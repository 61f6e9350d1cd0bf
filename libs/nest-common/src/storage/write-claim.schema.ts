import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';

/**
 * A write under way on one document, by any process of the service (instances, commands). Its
 * `_id` is that document's `_id` (ObjectIds do not repeat across collections), so only one process
 * can insert it: see DocumentLocks.
 */
@Schema({ collection: 'write_claims', versionKey: false })
export class WriteClaim {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  /** After this a claim is taken as left by a process that died mid-write. */
  @Prop({ type: Date, required: true })
  until!: Date;
}

export const WriteClaimSchema = SchemaFactory.createForClass(WriteClaim);
