import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument } from 'mongoose';

/**
 * The old, non-atomic outbox behind the deprecated `EventOutbox.record`: a service writes its own
 * document, then this record (a crash between the two loses the event). The relay publishes records
 * in order with `msgID = eventId` and marks them published. New code puts events on the document.
 */
@Schema({ collection: 'outbox', versionKey: false })
export class OutboxRecord {
  @Prop({ type: String, required: true, unique: true })
  eventId!: string;

  @Prop({ type: String, required: true })
  subject!: string;

  @Prop({ type: mongoose.Schema.Types.Mixed, required: true })
  payload!: object;

  @Prop({ type: Date, required: true, default: () => new Date() })
  createdAt!: Date;

  /** null until JetStream acknowledged the event. */
  @Prop({ type: Date, default: null })
  publishedAt!: Date | null;
}

export type OutboxRecordDocument = HydratedDocument<OutboxRecord>;
export const OutboxRecordSchema = SchemaFactory.createForClass(OutboxRecord);
OutboxRecordSchema.index({ publishedAt: 1, createdAt: 1 });
