import { SANDBOX_KINDS, type SandboxKind } from '@dblearn/contracts';
import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A sandbox script, stored under the hash of its kind and text: written once, never changed, so any
 * instance may keep it in memory for good and a course points at it with a short `hash`.
 */
@Schema({ collection: 'sandbox_sources', versionKey: false })
export class SandboxSourceRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true, enum: SANDBOX_KINDS })
  kind!: SandboxKind;

  @Prop({ type: String, required: true })
  source!: string;
}

export const SandboxSourceSchema = SchemaFactory.createForClass(SandboxSourceRecord);
