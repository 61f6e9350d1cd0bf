import { withPendingEvents } from '@dblearn/nest-common';
import { DIFFICULTIES, type Difficulty } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';
import { type ContentBlockRecord, ContentBlockSchema } from '../common/content-block.schema.js';

/** A check: a task and the reference query whose result a learner's query must match. */
@Schema({ versionKey: false })
export class CheckRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  task!: string;

  @Prop({ type: String, required: true })
  referenceSql!: string;
}
export const CheckSchema = SchemaFactory.createForClass(CheckRecord);

@Schema({ collection: 'projects', versionKey: false })
export class ProjectRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;

  @Prop({ type: String, required: true, enum: DIFFICULTIES })
  difficulty!: Difficulty;

  /** The course it belongs to; null while it belongs to none. */
  @Prop({ type: mongoose.Schema.Types.ObjectId, default: null })
  courseId!: Types.ObjectId | null;

  @Prop({ type: [ContentBlockSchema], default: [] })
  contents!: ContentBlockRecord[];

  @Prop({ type: [CheckSchema], default: [] })
  checks!: CheckRecord[];

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type ProjectDocument = HydratedDocument<ProjectRecord>;
// A write and its event are one document write (libs/nest-common README).
export const ProjectSchema = withPendingEvents(SchemaFactory.createForClass(ProjectRecord));
