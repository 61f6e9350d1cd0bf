import { withPendingEvents } from '@dblearn/nest-common';
import { type Topic, TOPICS } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument, Types } from 'mongoose';

@Schema({ collection: 'interviewquestions', versionKey: false })
export class InterviewQuestionRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true, enum: TOPICS })
  topic!: Topic;

  @Prop({ type: String, required: true })
  question!: string;

  @Prop({ type: String, required: true })
  answer!: string;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type InterviewQuestionDocument = HydratedDocument<InterviewQuestionRecord>;
// A write and its event are one document write (libs/nest-common README).
export const InterviewQuestionSchema = withPendingEvents(SchemaFactory.createForClass(InterviewQuestionRecord));
