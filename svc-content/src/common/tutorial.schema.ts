import { withPendingEvents } from '@dblearn/nest-common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';
import { type ContentBlockRecord, ContentBlockSchema } from './content-block.schema.js';

@Schema({ collection: 'tutorials', versionKey: false })
export class TutorialRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;

  /** The course it belongs to; null while it belongs to none. */
  @Prop({ type: mongoose.Schema.Types.ObjectId, default: null })
  courseId!: Types.ObjectId | null;

  @Prop({ type: [ContentBlockSchema], default: [] })
  contents!: ContentBlockRecord[];

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type TutorialDocument = HydratedDocument<TutorialRecord>;
// A write and its event are one document write (libs/nest-common README).
export const TutorialSchema = withPendingEvents(SchemaFactory.createForClass(TutorialRecord));
