import { LIMITS, type Topic, TOPICS } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import mongoose, { type HydratedDocument, type Types } from 'mongoose';

@Schema({ versionKey: false })
export class Reply {
  _id!: Types.ObjectId;

  /** The reply author's e-mail, from their token. */
  @Prop({ type: String, required: true })
  userName!: string;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.reply.max })
  reply!: string;

  @Prop({ type: Date, required: true })
  datePosted!: Date;
}
export const ReplySchema = SchemaFactory.createForClass(Reply);

/** A domain event waiting in its question's document until the relay has published it. */
@Schema({ _id: false, versionKey: false })
export class PendingEvent {
  @Prop({ type: String, required: true })
  eventId!: string;

  @Prop({ type: String, required: true })
  subject!: string;

  @Prop({ type: mongoose.Schema.Types.Mixed, required: true })
  payload!: object;
}
export const PendingEventSchema = SchemaFactory.createForClass(PendingEvent);

@Schema({ collection: 'questions', versionKey: false })
export class Question {
  @Prop({ type: String, required: true, enum: TOPICS })
  topic!: Topic;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.title.max })
  title!: string;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.description.max })
  description!: string;

  /** The author's e-mail, from their token, never from a body. */
  @Prop({ type: String, required: true })
  userName!: string;

  @Prop({ type: Date, required: true })
  datePosted!: Date;

  @Prop({ type: [ReplySchema], default: [] })
  replies!: Reply[];

  /**
   * Events of the writes to this document, written in the same update as the change (FerretDB has
   * no transactions), removed one by one once JetStream has them.
   */
  @Prop({ type: [PendingEventSchema], default: [] })
  pendingEvents!: PendingEvent[];

  /** Set by a delete: the document stays as a tombstone carrying the deleted event until it is published. */
  @Prop({ type: Date, default: null })
  deletedAt!: Date | null;
}

export type QuestionDocument = HydratedDocument<Question>;
export const QuestionSchema = SchemaFactory.createForClass(Question);

/** A question as read with `.lean()`. */
export type StoredQuestion = Question & { _id: Types.ObjectId };

/**
 * The driver's collection, for `$pullAll` of an exact element: mongoose would re-cast the element
 * through the schema, and a re-cast element no longer matches the stored one.
 */
export function rawQuestions(model: mongoose.Model<Question>): mongoose.mongo.Collection<StoredQuestion> {
  return model.collection as unknown as mongoose.mongo.Collection<StoredQuestion>;
}
