import { type CheckAttemptedEvent, EVENT_SUBJECTS, type SolutionShownEvent } from '@dblearn/contracts';
import { type DocumentStore, domainEvent, EventHandler, InjectStore } from '@dblearn/nest-common';
import { Injectable, Logger } from '@nestjs/common';
import { PracticeCatalogue } from './practice-catalogue.js';
import { afterAttempt, countsAdded, SHOWN } from './practice-status.js';
import { PracticeCountRecord, PracticeLearnerRecord } from './practice.schemas.js';

/** A learner's bits per check, as read for one list request. */
export type LearnerChecks = Readonly<Record<string, number>>;

/** How long a learner's statuses are reused on this instance (the one handling their events forgets them at once). */
const STATUS_KEPT_MS = 2_000;
const STATUSES_KEPT = 20_000;
/** Past this the list answers with status "unknown" rather than wait (or fail) on the database. */
const STATUS_READ_LIMIT_MS = 500;
/** Events remembered per check's counts: one handled again after a crash between its two writes counts once. */
const RECENT_EVENTS_KEPT = 32;

/**
 * The learners' side of the practice list (decision 0034): each learner's status per check, kept by
 * check.attempted and solution-shown on svc-content's durable consumer, and the per-check counts of
 * learners who tried and passed, moved only when a learner's status changes.
 */
@Injectable()
export class PracticeLearners {
  private readonly logger = new Logger(PracticeLearners.name);
  private readonly kept = new Map<string, { checks: LearnerChecks; at: number }>();

  constructor(
    @InjectStore(PracticeLearnerRecord.name) private readonly learners: DocumentStore<PracticeLearnerRecord>,
    @InjectStore(PracticeCountRecord.name) private readonly counts: DocumentStore<PracticeCountRecord>,
    private readonly catalogue: PracticeCatalogue,
  ) {}

  /** The learner's bits per check: one read by `_id` at most every STATUS_KEPT_MS; null when it cannot be read in time. */
  async checksOf(userId: string): Promise<LearnerChecks | null> {
    const kept = this.kept.get(userId);
    if (kept && Date.now() - kept.at < STATUS_KEPT_MS) return kept.checks;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), STATUS_READ_LIMIT_MS);
      timer.unref();
    });
    try {
      const read = this.learners.findById<PracticeLearnerRecord>(userId, { checks: 1 }).then((record) => record?.checks ?? {});
      const checks = await Promise.race([read, late]);
      if (checks) this.keep(userId, checks);
      return checks;
    } catch (error) {
      this.logger.warn(`A learner's practice status could not be read: ${(error as Error).message}`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  @EventHandler(EVENT_SUBJECTS.checkAttempted)
  async checkAttempted(event: CheckAttemptedEvent): Promise<void> {
    await this.changeBits(event.userId, event.entityId, event.eventId, (bits) => afterAttempt(bits, event.passed));
  }

  @EventHandler(EVENT_SUBJECTS.solutionShown)
  async solutionShown(event: SolutionShownEvent): Promise<void> {
    await this.changeBits(event.userId, event.entityId, event.eventId, (bits) => (bits ?? 0) | SHOWN);
  }

  /** The learner's bits for the check, and the check's counts when a learner newly tried or passed it: counts first, so a retry finds them counted. */
  private async changeBits(userId: string, checkId: string, eventId: string, change: (bits: number | undefined) => number): Promise<void> {
    await this.learners.atomically(userId, async () => {
      const record = await this.learners.findById<PracticeLearnerRecord>(userId, { checks: 1 });
      const before = record?.checks?.[checkId];
      const after = change(before);
      if (after === before) return;
      const added = countsAdded(before, after);
      if (added.tried + added.passed > 0) await this.count(checkId, eventId, added);
      await this.learners.upsert(userId, { $set: { [`checks.${checkId}`]: after } });
      this.kept.delete(userId);
    });
  }

  private async count(checkId: string, eventId: string, added: { tried: number; passed: number }): Promise<void> {
    await this.counts.atomically(checkId, async () => {
      const record = await this.counts.findById<PracticeCountRecord>(checkId, { recent: 1 });
      if (record?.recent?.includes(eventId)) return;
      const recent = [...(record?.recent ?? []), eventId].slice(-RECENT_EVENTS_KEPT);
      const update = { $inc: added, $set: { recent, changedAt: Date.now() } };
      await this.counts.upsert(checkId, update, domainEvent(EVENT_SUBJECTS.practiceCounted, { entityId: checkId }));
      const written = await this.counts.findById<PracticeCountRecord>(checkId, { tried: 1, passed: 1, changedAt: 1 });
      if (written) this.catalogue.countsWritten(written);
    });
  }

  private keep(userId: string, checks: LearnerChecks): void {
    this.kept.delete(userId);
    if (this.kept.size >= STATUSES_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(userId, { checks, at: Date.now() });
  }
}
