import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * svc-community's copy of an account's display name (issue 36), kept from svc-users' events so a
 * post never asks svc-users who wrote it. `_id` is the account id; demo authors have fixed ids.
 */
@Schema({ collection: 'authors', versionKey: false })
export class Author {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  name!: string;

  /** When svc-users made the change (the event's `occurredAt`): an older event never undoes a newer one. */
  @Prop({ type: Date, required: true })
  at!: Date;

  /** The account is deleted: its posts show "deleted learner" and no author id. */
  @Prop({ type: Boolean, default: false })
  deleted!: boolean;
}
export const AuthorSchema = SchemaFactory.createForClass(Author);
