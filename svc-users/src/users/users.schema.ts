import { DIFFICULTIES, DISPLAY_NAME_LIMITS, type Difficulty, LIMITS, SKILLS, type Skill, SQL_ENGINES, type SqlEngine, type Topic, TOPICS } from '@dblearn/contracts';
import { withPendingEvents } from '@dblearn/nest-common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';

/** A copy of an interview question the user saved; its `_id` is the question's (svc-content). */
@Schema({ versionKey: false })
export class SavedQuestionSnapshot {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true, enum: TOPICS })
  topic!: Topic;

  @Prop({ type: String, required: true })
  question!: string;

  @Prop({ type: String, required: true })
  answer!: string;
}
export const SavedQuestionSnapshotSchema = SchemaFactory.createForClass(SavedQuestionSnapshot);

/**
 * A card of the learner's review deck (issue 34): a copy of the interview question, kept like a saved
 * question's, and its FSRS schedule (ts-fsrs `Card` fields; dates as Dates). `version` counts reviews.
 */
@Schema({ versionKey: false })
export class ReviewCardSnapshot extends SavedQuestionSnapshot {
  @Prop({ type: Date, required: true })
  due!: Date;

  @Prop({ type: Number, required: true })
  stability!: number;

  @Prop({ type: Number, required: true })
  difficulty!: number;

  @Prop({ type: Number, required: true })
  scheduledDays!: number;

  @Prop({ type: Number, required: true })
  learningSteps!: number;

  @Prop({ type: Number, required: true })
  reps!: number;

  @Prop({ type: Number, required: true })
  lapses!: number;

  @Prop({ type: Number, required: true })
  state!: number;

  @Prop({ type: Date, default: null })
  lastReview!: Date | null;

  @Prop({ type: Number, required: true })
  version!: number;
}
export const ReviewCardSnapshotSchema = SchemaFactory.createForClass(ReviewCardSnapshot);

/** A copy of a project the user finished; its `_id` is the project's (svc-content). */
@Schema({ versionKey: false })
export class FinishedProjectSnapshot {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: String, required: true })
  title!: string;

  @Prop({ type: String, required: true, enum: DIFFICULTIES })
  difficulty!: Difficulty;

  /** Its course; null while it belongs to none (and for copies taken before courses were kept). */
  @Prop({ type: mongoose.Schema.Types.ObjectId, default: null })
  courseId!: Types.ObjectId | null;
}
export const FinishedProjectSnapshotSchema = SchemaFactory.createForClass(FinishedProjectSnapshot);

/** A tutorial the user has read; its `_id` is the tutorial's (svc-content). */
@Schema({ versionKey: false })
export class ReadTutorialSnapshot {
  @Prop({ type: mongoose.Schema.Types.ObjectId, required: true })
  _id!: Types.ObjectId;

  @Prop({ type: mongoose.Schema.Types.ObjectId, default: null })
  courseId!: Types.ObjectId | null;
}
export const ReadTutorialSnapshotSchema = SchemaFactory.createForClass(ReadTutorialSnapshot);

@Schema({ collection: 'users', versionKey: false, timestamps: { createdAt: true, updatedAt: false } })
export class User {
  /** The username: stored trimmed and lower-case, unique (the index is what makes it so under a race). */
  @Prop({ type: String, required: true, unique: true, lowercase: true, trim: true, maxlength: LIMITS.user.email.max })
  email!: string;

  /**
   * What everyone else sees (issue 36), unique with its look-alikes through `display_names` claims.
   * Missing on accounts made before display names until the start-up backfill names them.
   */
  @Prop({ type: String, maxlength: DISPLAY_NAME_LIMITS.max })
  displayName?: string;

  /** The owner deleted the account: e-mail, hash, name and progress are gone; the id stays so its tokens are refused (issue 30, Low 7). */
  @Prop({ type: Boolean })
  deleted?: boolean;

  @Prop({ type: Date })
  deletedAt?: Date;

  /** `scrypt$N$r$p$salt$hash`; never selected unless asked for, never sent anywhere. */
  @Prop({ type: String, required: true, select: false })
  passwordHash!: string;

  @Prop({ type: String, required: true, enum: SKILLS })
  skill!: Skill;

  @Prop({ type: Boolean, required: true, default: false })
  isAdmin!: boolean;

  /** The engine the learner's lab runs on (issue 32); absent until they choose: PostgreSQL. */
  @Prop({ type: String, enum: SQL_ENGINES })
  labEngine?: SqlEngine;

  @Prop({ type: [SavedQuestionSnapshotSchema], default: [] })
  savedQuestion!: SavedQuestionSnapshot[];

  @Prop({ type: [FinishedProjectSnapshotSchema], default: [] })
  finishedProject!: FinishedProjectSnapshot[];

  @Prop({ type: [ReadTutorialSnapshotSchema], default: [] })
  readTutorial!: ReadTutorialSnapshot[];

  /** The review deck (issue 34); saved questions join it. Missing on older accounts. */
  @Prop({ type: [ReviewCardSnapshotSchema], default: [] })
  reviewCard!: ReviewCardSnapshot[];

  /** UTC days (YYYY-MM-DD) with a passed check or a review, for the streak (issue 34, progress/streak.ts). Missing on older accounts. */
  @Prop({ type: [String], default: [] })
  activeDays!: string[];

  /**
   * Bumped by every write to the three progress lists: a count of writes, not a guard (the user
   * store serialises those writes; see UserProgress). Missing on older accounts.
   */
  @Prop({ type: Number, default: 0 })
  snapshotRev!: number;

  createdAt!: Date;
}

export type UserDocument = HydratedDocument<User>;
// user.registered rides in the same write as the new user.
export const UserSchema = withPendingEvents(SchemaFactory.createForClass(User));
