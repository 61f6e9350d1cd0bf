import { withPendingEvents } from '@dblearn/nest-common';
import { DIFFICULTIES, type Difficulty, SANDBOX_KINDS, type SandboxKind, type Topic, TOPICS } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';

/** A course's copy of one of its tutorials' titles, in the course's order. */
@Schema({ versionKey: false })
export class CourseTutorialEntryRecord {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;
}
const CourseTutorialEntrySchema = SchemaFactory.createForClass(CourseTutorialEntryRecord);

@Schema({ versionKey: false })
export class CourseProjectEntryRecord {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;

  @Prop({ type: String, required: true, enum: DIFFICULTIES })
  difficulty!: Difficulty;
}
const CourseProjectEntrySchema = SchemaFactory.createForClass(CourseProjectEntryRecord);

/** Which sandbox a course has: its script lives in `sandbox_sources` under this hash (sandboxes/). */
@Schema({ versionKey: false, _id: false })
export class CourseSandboxRecord {
  @Prop({ type: String, required: true, enum: SANDBOX_KINDS })
  kind!: SandboxKind;

  @Prop({ type: String, required: true })
  hash!: string;

  /** The admin's hidden variant, stored the same way; absent or null when it is derived from the script. */
  @Prop({ type: String, default: null })
  hiddenHash?: string | null;
}
const CourseSandboxSchema = SchemaFactory.createForClass(CourseSandboxRecord);

/**
 * DESIGN "Data": a course with the titles of its tutorials and projects, so that a list page and a
 * course page need no second read. The tutorials and projects themselves carry `courseId`.
 */
@Schema({ collection: 'courses', versionKey: false })
export class CourseRecord {
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true, enum: TOPICS })
  topic!: Topic;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: String, required: true })
  teacher!: string;

  @Prop({ type: String, required: true })
  length!: string;

  @Prop({ type: [CourseTutorialEntrySchema], default: [] })
  tutorials!: CourseTutorialEntryRecord[];

  @Prop({ type: [CourseProjectEntrySchema], default: [] })
  projects!: CourseProjectEntryRecord[];

  /** null while it has none. Not among COURSE_FIELDS: course answers do not carry it. */
  @Prop({ type: CourseSandboxSchema, default: null })
  sandbox!: CourseSandboxRecord | null;

  /** The list order (oldest first): always the time inside `_id` (common/identity.ts), so it survives an export and import. */
  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type CourseDocument = HydratedDocument<CourseRecord>;
// A write and its event are one document write (libs/nest-common README).
export const CourseSchema = withPendingEvents(SchemaFactory.createForClass(CourseRecord));
