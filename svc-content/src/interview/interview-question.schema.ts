import { withPendingEvents } from '@dblearn/nest-common';
import { DEFAULT_INTERVIEW_DIFFICULTY, INTERVIEW_DIFFICULTIES, type InterviewDifficulty, type Topic, TOPICS } from '@dblearn/contracts';
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

  /** Absent on questions stored before issue 33: they read as medium. */
  @Prop({ type: String, enum: INTERVIEW_DIFFICULTIES, default: DEFAULT_INTERVIEW_DIFFICULTY })
  difficulty?: InterviewDifficulty;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type InterviewQuestionDocument = HydratedDocument<InterviewQuestionRecord>;
// A write and its event are one document write (libs/nest-common README).
export const InterviewQuestionSchema = withPendingEvents(SchemaFactory.createForClass(InterviewQuestionRecord));
