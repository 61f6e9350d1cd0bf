import type { UserItemRequest, UserProfile } from '@dblearn/contracts';
import { notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { ContentClient } from '../content/content.client.js';
import { USER_NOT_FOUND_MESSAGE, UsersService } from '../users/users.service.js';
import { SnapshotHolders } from './snapshot-holders.js';
import { NOT_FOUND_MESSAGES, type SnapshotKind } from './snapshot-kinds.js';
import { dropSnapshots, putSnapshot } from './snapshot-lists.js';
import { UserSnapshots } from './user-snapshots.js';

/** Finishing projects, saving questions and reading tutorials: each answers the updated profile. */
@Injectable()
export class SnapshotsService {
  constructor(
    private readonly content: ContentClient,
    private readonly holders: SnapshotHolders,
    private readonly lists: UserSnapshots,
    private readonly users: UsersService,
  ) {}

  /**
   * Copies the entity into the user's list (or freshens the copy already there). The order is what
   * keeps copies of deleted content from surviving: (1) svc-content says it exists, (2) the user is
   * listed as a holder, so a later delete event reaches them, (3) the copy is written, (4) if a
   * delete event marked the entity meanwhile, it may have missed that copy, so ask svc-content
   * again and take the copy back unless the entity exists (again).
   */
  async add({ userId, id }: UserItemRequest, kind: SnapshotKind): Promise<UserProfile> {
    const snapshot = await this.content.snapshot(kind, id);
    await this.holders.add(kind, id, userId);
    if ((await this.lists.change(userId, kind, (list) => putSnapshot(list, snapshot))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    if ((await this.holders.find(id))?.deleted) {
      if (await this.content.exists(kind, id)) {
        await this.holders.revive(id);
      } else {
        await this.lists.change(userId, kind, (list) => dropSnapshots(list, new Set([id])));
        throw notFound(NOT_FOUND_MESSAGES[kind]);
      }
    }
    return this.users.findProfile({ userId });
  }

  /** Removes the copy; the entity need not exist any more. */
  async remove({ userId, id }: UserItemRequest, kind: SnapshotKind): Promise<UserProfile> {
    if ((await this.lists.change(userId, kind, (list) => dropSnapshots(list, new Set([id])))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    return this.users.findProfile({ userId });
  }
}
