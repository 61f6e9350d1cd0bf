import type { UserProfile } from '@dblearn/contracts';
import { checksLeftMessage } from '@dblearn/lab';
import { conflict, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { ContentClient, isNotFound } from './content.client.js';
import { ReviewService } from './review/review.service.js';
import { USER_NOT_FOUND_MESSAGE, UsersService } from '../users/users.service.js';
import { SnapshotHolders } from './snapshot-holders.js';
import { NOT_FOUND_MESSAGES, type ProgressKind, type ProgressEntryOf } from './progress-kinds.js';
import { dropEntries, putEntry } from './progress-lists.js';
import { UserProgress } from './user-progress.js';

/** Finishing projects, saving questions and reading tutorials: each answers the updated profile. */
@Injectable()
export class ProgressService {
  constructor(
    private readonly content: ContentClient,
    private readonly holders: SnapshotHolders,
    private readonly lists: UserProgress,
    private readonly users: UsersService,
    private readonly review: ReviewService,
  ) {}

  /**
   * Copies the entity into the user's list (or freshens the copy already there). The order is what
   * keeps copies current when svc-content changes the entity meanwhile: (1) note how many events
   * the entity has seen, (2) svc-content says it exists, (3) the user is listed as a holder, so
   * every later event reaches them, (4) the copy is written, (5) if an event came since (1), it may
   * have missed this copy: ask svc-content again and put what it says now, or take the copy back
   * if the entity is gone. An entity nobody held before is always checked again (once).
   */
  async add(userId: string, id: string, kind: ProgressKind): Promise<UserProfile> {
    const before = await this.holders.find(id);
    const entry = await this.content.progressEntry(kind, id);
    if (kind === 'project') await this.assertChecksPassed(userId, id);
    await this.holders.add(kind, id, userId);
    if ((await this.lists.change(userId, kind, (list) => putEntry(list, entry))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    const after = await this.holders.find(id);
    if (!before || !after || after.deleted || after.changes !== before.changes) await this.settle(kind, userId, id, after?.deleted === true);
    // A saved question joins the review deck (issue 34); one already there keeps its schedule.
    if (kind === 'question') await this.review.addCopy(userId, entry as ProgressEntryOf['question']);
    return this.users.findProfile({ userId });
  }

  /** A checked project is finished only after svc-content has seen the learner pass every check: 409 naming what is left. */
  private async assertChecksPassed(userId: string, projectId: string): Promise<void> {
    const left = await this.content.checksLeft(userId, projectId);
    if (left.length === 0) return;
    throw conflict(checksLeftMessage(left.map((check) => check.task)));
  }

  /** The copy just written may be stale: svc-content's answer now decides. */
  private async settle(kind: ProgressKind, userId: string, id: string, markedDeleted: boolean): Promise<void> {
    let current: ProgressEntryOf[ProgressKind] | null;
    try {
      current = await this.content.progressEntry(kind, id);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      current = null;
    }
    if (!current) {
      await this.lists.change(userId, kind, (list) => dropEntries(list, new Set([id])));
      throw notFound(NOT_FOUND_MESSAGES[kind]);
    }
    // It exists although a delete event marked it: an import brought its id back.
    if (markedDeleted) await this.holders.revive(id);
    await this.lists.change(userId, kind, (list) => putEntry(list, current as (typeof list)[number]));
  }

  /** Removes the copy; the entity need not exist any more. */
  async remove(userId: string, id: string, kind: ProgressKind): Promise<UserProfile> {
    if ((await this.lists.change(userId, kind, (list) => dropEntries(list, new Set([id])))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    return this.users.findProfile({ userId });
  }
}
