import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose from 'mongoose';

/** What the folder shipped for one course: the hash of its own fields and item order, and per tutorial and project id its hash. */
export interface ShippedCourse {
  hash: string;
  tutorials: Record<string, string>;
  projects: Record<string, string>;
}

/**
 * What the content folder put in the database, so that a start knows what changed and what left
 * the folder (and touches nothing an admin created): one document, read by `_id`, so an unchanged
 * curriculum costs that one read.
 */
@Schema({ collection: 'shipped_content', versionKey: false })
export class ShippedContentRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  /** The hash of the whole folder as last synced in full. */
  @Prop({ type: String, required: true })
  folderHash!: string;

  /** Per shipped course id (its tutorials and projects inside). */
  @Prop({ type: mongoose.Schema.Types.Mixed, default: {} })
  courses!: Record<string, ShippedCourse>;

  /** Per shipped interview question id: its hash. */
  @Prop({ type: mongoose.Schema.Types.Mixed, default: {} })
  questions!: Record<string, string>;
}

export const ShippedContentSchema = SchemaFactory.createForClass(ShippedContentRecord);

/** The one record's `_id`. */
export const SHIPPED_CONTENT_ID = 'content-folder';
