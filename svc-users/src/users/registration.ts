import { EVENT_SUBJECTS, type Skill } from '@dblearn/contracts';
import { domainEvent } from '@dblearn/nest-common';
import { Types } from 'mongoose';

export interface NewUser {
  /** Chosen before the write when its display name is claimed first. */
  _id?: Types.ObjectId;
  email: string;
  displayName: string;
  passwordHash: string;
  skill: Skill;
  isAdmin: boolean;
}

/** A new user document and its user.registered event, for `EventOutbox.create` (one write). */
export function registration({ _id = new Types.ObjectId(), ...user }: NewUser) {
  return {
    doc: { _id, ...user },
    event: domainEvent(EVENT_SUBJECTS.userRegistered, { entityId: _id.toHexString(), email: user.email, skill: user.skill, displayName: user.displayName }),
  };
}
