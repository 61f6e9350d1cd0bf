import { withPendingEvents } from '@dblearn/nest-common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';

/**
 * A learner's progress on one project's checks: one document per learner and project, keyed
 * `${userId}:${projectId}` so that an attempt, the passes call and finishing a project cost one
 * read by `_id`.
 */
@Schema({ collection: 'check_passes', versionKey: false })
export class CheckPassRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** Checks passed. */
  @Prop({ type: [String], default: [] })
  passed!: string[];

  /** Per check id: failed attempts (each unlocks one more hint; three unlock the solution). */
  @Prop({ type: mongoose.Schema.Types.Mixed, default: {} })
  failures!: Record<string, number>;

  /** Checks whose solution the learner revealed before passing them: a later pass is "solved with the solution shown". */
  @Prop({ type: [String], default: [] })
  solutionShown!: string[];
}

export const CheckPassSchema = withPendingEvents(SchemaFactory.createForClass(CheckPassRecord));

export function checkPassKey(userId: string, projectId: string): string {
  return `${userId}:${projectId}`;
}
