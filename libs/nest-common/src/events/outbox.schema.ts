import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument } from 'mongoose';

/**
 * A domain event waiting to be (or already) published to JetStream. A service writes its own
 * document, then this record; the relay publishes records in order with `msgID = eventId`, so a
 * NATS outage delays events but loses none, and a retry never stores one twice.
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
