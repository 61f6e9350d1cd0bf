import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One display name taken (issue 36): `_id` is one of the name's look-alike keys (`displayNameKeys`),
 * so "is it taken?" is a lookup by `_id` and two racing claims meet on the `_id` index (FerretDB
 * indexes nothing else). The user document holds the name itself; a claim whose user no longer
 * holds that name (a crash between the two writes) is stale and may be taken over.
 */
@Schema({ collection: 'display_names', versionKey: false })
export class DisplayNameClaim {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  userId!: string;

  /** When it was claimed: a claim is only judged stale well after the write it precedes must have ended. */
  @Prop({ type: Date, required: true })
  at!: Date;
}
export const DisplayNameClaimSchema = SchemaFactory.createForClass(DisplayNameClaim);
