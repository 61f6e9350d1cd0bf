import { LIMITS, type Topic, TOPICS } from '@dblearn/contracts';
import { withPendingEvents } from '@dblearn/nest-common';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { type HydratedDocument, Schema as MongooseSchema, type Types } from 'mongoose';

@Schema({ versionKey: false })
export class Reply {
  _id!: Types.ObjectId;

  /** The reply author's account id, from their token; null for a post of no (or no longer any) account. */
  @Prop({ type: String, default: null })
  authorId?: string | null;

  /** Before display names (issue 36): the author's e-mail. Removed by LegacyAuthors once linked to an account. */
  @Prop({ type: String })
  userName?: string;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.reply.max })
  reply!: string;

  @Prop({ type: Date, required: true })
  datePosted!: Date;
}
export const ReplySchema = SchemaFactory.createForClass(Reply);

@Schema({ collection: 'questions', versionKey: false })
export class Question {
  @Prop({ type: String, required: true, enum: TOPICS })
  topic!: Topic;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.title.max })
  title!: string;

  @Prop({ type: String, required: true, maxlength: LIMITS.qna.description.max })
  description!: string;

  /** The author's account id, from their token, never from a body; the name shown comes from AuthorNames. */
  @Prop({ type: String, default: null })
  authorId?: string | null;

  /** Before display names (issue 36): the author's e-mail. Removed by LegacyAuthors once linked to an account. */
  @Prop({ type: String })
  userName?: string;

  @Prop({ type: Date, required: true })
  datePosted!: Date;

  @Prop({ type: [ReplySchema], default: [] })
  replies!: Reply[];

  /** The course whose SQL sandbox the thread's ```sql blocks run on (checked by the gateway); null for none. */
  @Prop({ type: String, default: null })
  sandboxCourseId?: string | null;

  /** One of `replies`, accepted by the author or an admin; absent or null while none is. */
  @Prop({ type: MongooseSchema.Types.ObjectId, default: null })
  acceptedReplyId?: Types.ObjectId | null;
}

export type QuestionDocument = HydratedDocument<Question>;
/** Every write carries its event in the same document write (the kit's EventOutbox). */
export const QuestionSchema = withPendingEvents(SchemaFactory.createForClass(Question));

/** A question as read with `.lean()`. */
export type StoredQuestion = Question & { _id: Types.ObjectId };
