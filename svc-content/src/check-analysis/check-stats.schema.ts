import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import type { WrongAnswerCandidate } from './wrong-answers.js';

/**
 * One check's analysis (issue 34, decision 0035), keyed by the check's id (an ObjectId: FerretDB
 * finds only an ObjectId `_id` by its index). Counters and at most WRONG_ANSWER_CANDIDATES wrong
 * answers: its size is bounded however many learners attempt the check.
 */
@Schema({ collection: 'check_stats', versionKey: false })
export class CheckStatsRecord {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: mongoose.Types.ObjectId;

  @Prop({ type: String, required: true })
  projectId!: string;

  @Prop({ type: Number, default: 0 })
  tried!: number;

  @Prop({ type: Number, default: 0 })
  passed!: number;

  @Prop({ type: [Number], default: () => [0, 0, 0, 0] })
  attemptsToPass!: number[];

  @Prop({ type: [Number], default: () => [0, 0, 0] })
  failuresReached!: number[];

  @Prop({ type: Number, default: 0 })
  solutionsRevealed!: number;

  @Prop({ type: mongoose.Schema.Types.Mixed, default: {} })
  failureKinds!: Record<string, number>;

  @Prop({ type: mongoose.Schema.Types.Mixed, default: [] })
  candidates!: WrongAnswerCandidate[];
}

export const CheckStatsSchema = SchemaFactory.createForClass(CheckStatsRecord);
