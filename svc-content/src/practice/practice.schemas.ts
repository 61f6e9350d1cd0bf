import { withPendingEvents } from '@dblearn/nest-common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';

/**
 * A learner's progress on every check, for the practice list: one document per learner (`_id` =
 * userId), per check id a few bits (practice-status.ts), kept by check.attempted and solution-shown.
 * The list reads it once by `_id`.
 */
@Schema({ collection: 'practice_learners', versionKey: false })
export class PracticeLearnerRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: mongoose.Schema.Types.Mixed, default: {} })
  checks!: Record<string, number>;
}

export const PracticeLearnerSchema = SchemaFactory.createForClass(PracticeLearnerRecord);

/** Per check (`_id` = checkId): learners who tried it and who passed it; each write publishes practice.counted. */
@Schema({ collection: 'practice_counts', versionKey: false })
export class PracticeCountRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, default: 0 })
  tried!: number;

  @Prop({ type: Number, default: 0 })
  passed!: number;

  /** The last events counted, so that one handled again after a crash between its two writes counts once. */
  @Prop({ type: [String], default: [] })
  recent!: string[];

  /** The read model's order (a read model needs one); the write's time. */
  @Prop({ type: Number, default: 0 })
  changedAt!: number;
}

export const PracticeCountSchema = withPendingEvents(SchemaFactory.createForClass(PracticeCountRecord));
