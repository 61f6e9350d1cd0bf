import type { Model, Types } from 'mongoose';
import { normalizeEmail } from '../users/email.js';
import type { User } from '../users/users.schema.js';

export type AdminGrantResult = { outcome: 'no-such-user' } | { outcome: 'changed' | 'unchanged'; userId: string };

/** Grants (or revokes) admin to the existing account with this e-mail, in any letter case. */
export async function setAdminFlag(users: Model<User>, email: string, isAdmin: boolean): Promise<AdminGrantResult> {
  const user = await users.findOne({ email: normalizeEmail(email) }, { isAdmin: 1 }).lean<{ _id: Types.ObjectId; isAdmin: boolean }>().exec();
  if (!user) return { outcome: 'no-such-user' };
  const userId = user._id.toHexString();
  if (user.isAdmin === isAdmin) return { outcome: 'unchanged', userId };
  await users.updateOne({ _id: user._id }, { $set: { isAdmin } }).exec();
  return { outcome: 'changed', userId };
}
