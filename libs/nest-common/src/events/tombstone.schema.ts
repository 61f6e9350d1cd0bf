import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';
import { withPendingEvents, type WithPendingEvents } from './pending-events.js';

/** Which documents of which model a delete removes (a cascade lists several). */
export interface DeleteTarget {
  /** The mongoose model name, e.g. `Course`. */
  model: string;
  ids: string[];
}

/**
 * A delete in progress: written first, in one write, with the event that describes the delete.
 * The deletes it lists then happen; if the process dies before they do, the relay finishes them
 * when the service starts again, publishes the events and removes the tombstone.
 */
@Schema({ collection: 'tombstones', versionKey: false })
export class Tombstone {
  /** JSON of DeleteTarget[] (FerretDB dislikes arrays inside arrays). */
  @Prop({ type: String, required: true })
  deletes!: string;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;
}

export type TombstoneDocument = HydratedDocument<Tombstone & WithPendingEvents>;
export const TombstoneSchema = withPendingEvents(SchemaFactory.createForClass(Tombstone));
