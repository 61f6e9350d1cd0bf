import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { domainEvent, type PendingEvent, storedEvent } from '@dblearn/nest-common';
import type { Model, Types } from 'mongoose';
import { normalizeEmail } from '../users/email.js';
import type { User } from '../users/users.schema.js';

export type AdminGrantResult = { outcome: 'no-such-user' } | { outcome: 'unchanged'; userId: string } | { outcome: 'changed'; userId: string; event: PendingEvent };

/** The `admin.changed` event of this user's new flag, to write with the change (EventOutbox, or `pendingEvents` by hand). */
export function adminChange(userId: string, isAdmin: boolean): PendingEvent {
  return storedEvent(domainEvent(EVENT_SUBJECTS.adminChanged, { entityId: userId, isAdmin }));
}

/**
 * Grants (or revokes) admin to the existing account with this e-mail, in any letter case. The flag
 * and its `admin.changed` event are one write (as EventOutbox.update writes them): if nobody
 * publishes the event now, svc-users' outbox relay does later.
 */
export async function setAdminFlag(users: Model<User>, email: string, isAdmin: boolean): Promise<AdminGrantResult> {
  const user = await users.findOne({ email: normalizeEmail(email) }, { isAdmin: 1 }).lean<{ _id: Types.ObjectId; isAdmin: boolean }>().exec();
  if (!user) return { outcome: 'no-such-user' };
  const userId = user._id.toHexString();
  if (user.isAdmin === isAdmin) return { outcome: 'unchanged', userId };
  const event = adminChange(userId, isAdmin);
  await users.updateOne({ _id: user._id }, { $set: { isAdmin }, $push: { pendingEvents: event } }).exec();
  return { outcome: 'changed', userId, event };
}
