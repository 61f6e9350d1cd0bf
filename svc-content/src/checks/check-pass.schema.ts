import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The checks of one project a learner has passed: one document per learner and project, keyed
 * `${userId}:${projectId}` so that finishing a project costs one read by `_id` (no scan).
 */
@Schema({ collection: 'check_passes', versionKey: false })
export class CheckPassRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: [String], default: [] })
  passed!: string[];
}

export const CheckPassSchema = SchemaFactory.createForClass(CheckPassRecord);

export function checkPassKey(userId: string, projectId: string): string {
  return `${userId}:${projectId}`;
}
