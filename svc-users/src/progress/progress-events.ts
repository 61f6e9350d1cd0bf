import { type CheckAttemptedEvent, type CourseDeletedEvent, type DomainEvent, EVENT_SUBJECTS, type InterviewUpdatedEvent, type ProjectUpdatedEvent, type SavedQuestion } from '@dblearn/contracts';
import { EventHandler } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { eachLimited } from '../common/each-limited.js';
import { dropCards, refreshCards } from './review/review-cards.js';
import { SnapshotHolders } from './snapshot-holders.js';
import type { ProgressKind, ProgressEntryOf } from './progress-kinds.js';
import { dropEntries, refreshEntry } from './progress-lists.js';
import { dayOf, withActiveDay } from './streak.js';
import { UserProgress } from './user-progress.js';

/** Users are updated this many at a time: fast for a popular item, gentle on the database. */
const FAN_OUT = 8;

/**
 * What svc-content's events do to the copies in users (DESIGN "Events"), each method the handler
 * of one subject on svc-users' durable consumer (libs/nest-common, "Consuming events"). Every
 * method is idempotent: a redelivered event finds the lists already as it wants them and writes
 * nothing; a throw means the kit retries with backoff.
 */
@Injectable()
export class ProgressEvents {
  constructor(
    private readonly holders: SnapshotHolders,
    private readonly lists: UserProgress,
  ) {}

  @EventHandler(EVENT_SUBJECTS.projectUpdated)
  projectUpdated(event: ProjectUpdatedEvent): Promise<void> {
    const { entityId, title, difficulty, courseId } = event;
    return this.refresh('project', { _id: entityId, title, difficulty, courseId: courseId ?? null });
  }

  @EventHandler(EVENT_SUBJECTS.interviewUpdated)
  interviewUpdated(event: InterviewUpdatedEvent): Promise<void> {
    const { entityId, topic, question, answer } = event;
    return this.refresh('question', { _id: entityId, topic, question, answer });
  }

  /** A passed check is a day of the learner's streak (the day it was passed; a replay adds nothing). */
  @EventHandler(EVENT_SUBJECTS.checkAttempted)
  async checkAttempted(event: CheckAttemptedEvent): Promise<void> {
    if (!event.passed) return;
    const day = dayOf(new Date(event.occurredAt));
    await this.lists.changeActiveDays(event.userId, (days) => withActiveDay(days, day));
  }

  @EventHandler(EVENT_SUBJECTS.projectDeleted)
  projectDeleted(event: DomainEvent): Promise<void> {
    return this.forget('project', [event.entityId]);
  }

  @EventHandler(EVENT_SUBJECTS.tutorialDeleted)
  tutorialDeleted(event: DomainEvent): Promise<void> {
    return this.forget('tutorial', [event.entityId]);
  }

  @EventHandler(EVENT_SUBJECTS.interviewDeleted)
  interviewDeleted(event: DomainEvent): Promise<void> {
    return this.forget('question', [event.entityId]);
  }

  /** The course's projects and tutorials are gone with it. */
  @EventHandler(EVENT_SUBJECTS.courseDeleted)
  async courseDeleted(event: CourseDeletedEvent): Promise<void> {
    await this.forget('project', event.projectIds ?? []);
    await this.forget('tutorial', event.tutorialIds ?? []);
  }

  private async refresh<K extends ProgressKind>(kind: K, entry: ProgressEntryOf[K]): Promise<void> {
    const holders = await this.holders.changed(kind, entry._id);
    if (holders.deleted) return;
    await eachLimited(holders.userIds, FAN_OUT, async (userId) => {
      await this.lists.change(userId, kind, (list) => refreshEntry(list, entry));
      // A question's holders include the learners who hold it only as a review card.
      if (kind === 'question') await this.lists.changeDeck(userId, (deck) => refreshCards(deck, entry as SavedQuestion));
    });
  }

  private async forget(kind: ProgressKind, entityIds: readonly string[]): Promise<void> {
    const byUser = new Map<string, Set<string>>();
    for (const entityId of entityIds) {
      for (const userId of await this.holders.markDeleted(kind, entityId)) {
        const ids = byUser.get(userId) ?? new Set<string>();
        ids.add(entityId);
        byUser.set(userId, ids);
      }
    }
    // One write per user however many of the course's items they held.
    await eachLimited([...byUser], FAN_OUT, async ([userId, ids]) => {
      await this.lists.change(userId, kind, (list) => dropEntries(list, ids));
      if (kind === 'question') await this.lists.changeDeck(userId, (deck) => dropCards(deck, ids));
    });
  }
}
