import { withPendingEvents } from '@dblearn/nest-common';
import { type CheckAlternative, type CheckDifficulty, CHECK_KINDS, type CheckKind, type ColumnOrder, DIFFICULTIES, type Difficulty, type PracticeCategory, type Probe, type Quiz, type SqlEngine } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';
import { type ContentBlockRecord, ContentBlockSchema } from './content-block.schema.js';

/**
 * A check (CONTRACT "Runnable SQL"), discriminated by `kind`: a document stored before kinds existed
 * has none and is a query check (projects/check-records.ts reads every one into a StoredCheck).
 * Only the fields of its kind are set.
 */
@Schema({ versionKey: false })
export class CheckRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, enum: CHECK_KINDS })
  kind?: CheckKind;

  @Prop({ type: String, required: true })
  task!: string;

  @Prop({ type: [String], default: undefined })
  hints?: string[];

  @Prop({ type: String })
  explanation?: string;

  /** query: the reference query; state: the model statements. */
  @Prop({ type: String })
  referenceSql?: string;

  @Prop({ type: String })
  verifySql?: string;

  @Prop({ type: [mongoose.Schema.Types.Mixed], default: undefined })
  probes?: Probe[];

  @Prop({ type: String })
  referenceQuery?: string;

  /** PostgreSQL variants (issue 32), only where the syntax must differ: the reference, the verification, the probes. */
  @Prop({ type: String })
  referenceSqlPostgres?: string;

  @Prop({ type: String })
  verifySqlPostgres?: string;

  @Prop({ type: [mongoose.Schema.Types.Mixed], default: undefined })
  probesPostgres?: Probe[];

  /** query and state (issue 32): ['postgres'] where the check is graded on PostgreSQL only. */
  @Prop({ type: [String], default: undefined })
  engines?: SqlEngine[];

  /** query and state: `strict` where the task states the column order. */
  @Prop({ type: String })
  columnOrder?: ColumnOrder;

  /** An exercise's own difficulty (easy, medium, hard); absent, its project's stands. */
  @Prop({ type: String })
  difficulty?: CheckDifficulty;

  /** query and state: a second model solution and its trade-off. */
  @Prop({ type: mongoose.Schema.Types.Mixed })
  alternative?: CheckAlternative;

  /** state: the row write the hidden run makes fail (atomicity). */
  @Prop({ type: Number })
  faultAtWrite?: number;

  @Prop({ type: mongoose.Schema.Types.Mixed })
  quiz?: Quiz;
}
export const CheckSchema = SchemaFactory.createForClass(CheckRecord);

@Schema({ collection: 'projects', versionKey: false })
export class ProjectRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;

  @Prop({ type: String, required: true, enum: DIFFICULTIES })
  difficulty!: Difficulty;

  /** A practice project's category (issue 33); absent on other projects. */
  @Prop({ type: String })
  category?: PracticeCategory;

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
