import { EVENT_SUBJECTS } from '@dblearn/contracts';
import { type DocumentStore, domainEvent, type PendingEvent, storedEvent } from '@dblearn/nest-common';
import type { Types } from 'mongoose';
import { normalizeEmail } from '../users/email.js';
import type { User } from '../users/users.schema.js';

export type AdminGrantResult = { outcome: 'no-such-user' } | { outcome: 'unchanged'; userId: string } | { outcome: 'changed'; userId: string; event: PendingEvent };

/** The `admin.changed` event of this user's new flag, to write with the change through the users' store. */
export function adminChange(userId: string, isAdmin: boolean): PendingEvent {
  return storedEvent(domainEvent(EVENT_SUBJECTS.adminChanged, { entityId: userId, isAdmin }));
}

/**
 * Grants (or revokes) admin to the existing account with this e-mail, in any letter case. The flag
 * and its `admin.changed` event are one write (a command's store leaves the event on the document):
 * if nobody publishes the event now, svc-users' outbox relay does later.
 */
export async function setAdminFlag(users: DocumentStore<User>, email: string, isAdmin: boolean): Promise<AdminGrantResult> {
  const found = await users.model.findOne({ email: normalizeEmail(email) }, { _id: 1 }).lean<{ _id: Types.ObjectId }>().exec();
  if (!found) return { outcome: 'no-such-user' };
  const userId = found._id.toHexString();
  return users.atomically(userId, async () => {
    const user = await users.findById<{ isAdmin: boolean }>(userId, { isAdmin: 1 });
    if (!user) return { outcome: 'no-such-user' };
    if (user.isAdmin === isAdmin) return { outcome: 'unchanged', userId };
    const event = adminChange(userId, isAdmin);
    await users.update(userId, { $set: { isAdmin } }, event);
    return { outcome: 'changed', userId, event };
  });
}
