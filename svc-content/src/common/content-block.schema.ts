import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

/** A block of a tutorial or project (SPEC §3): header, then detail text split at line breaks. */
@Schema({ versionKey: false })
export class ContentBlockRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, default: '' })
  header!: string;

  @Prop({ type: String, default: '' })
  detail!: string;
}
export const ContentBlockSchema = SchemaFactory.createForClass(ContentBlockRecord);
