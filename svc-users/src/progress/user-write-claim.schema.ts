import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type Types } from 'mongoose';

/**
 * A progress write under way for one user, by any svc-users process (instances, the rebuild
 * command). Its `_id` is the user's id, so only one process can insert it: see UserWriteClaims.
 */
@Schema({ collection: 'user_write_claims', versionKey: false })
export class UserWriteClaim {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  /** After this a claim is taken as left by a process that died mid-write. */
  @Prop({ type: Date, required: true })
  until!: Date;
}

export const UserWriteClaimSchema = SchemaFactory.createForClass(UserWriteClaim);
