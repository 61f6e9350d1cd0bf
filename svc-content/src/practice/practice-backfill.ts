import { DocumentLocks, DocumentStore, WriteClaim, WriteClaimSchema } from '@dblearn/nest-common';
import type mongoose from 'mongoose';
import { countsAdded, PASSED, SHOWN, TRIED } from './practice-status.js';
import { PracticeCountRecord, PracticeCountSchema, PracticeLearnerRecord, PracticeLearnerSchema } from './practice.schemas.js';

/** What the backfill reads of a `check_passes` document (`_id` = `${userId}:${projectId}`). */
export interface PassesRecord {
  _id: string;
  passed?: string[];
  failures?: Record<string, number>;
  solutionShown?: string[];
}

/** Each learner's bits per check from their progress as check_passes keeps it (the events' history before issue 34). */
export function bitsFromPasses(records: Iterable<PassesRecord>): Map<string, Record<string, number>> {
  const learners = new Map<string, Record<string, number>>();
  for (const record of records) {
    const userId = record._id.split(':')[0]!;
    const checks = learners.get(userId) ?? {};
    const add = (checkId: string, bits: number) => (checks[checkId] = (checks[checkId] ?? 0) | bits);
    for (const [checkId, failures] of Object.entries(record.failures ?? {})) if (failures > 0) add(checkId, TRIED);
    for (const checkId of record.passed ?? []) add(checkId, TRIED | PASSED);
    for (const checkId of record.solutionShown ?? []) add(checkId, SHOWN);
    learners.set(userId, checks);
  }
  return learners;
}

/** Learners who tried and passed each check, counted from every learner's bits. */
export function countsFromBits(learners: Iterable<Record<string, number>>): Map<string, { tried: number; passed: number }> {
  const counts = new Map<string, { tried: number; passed: number }>();
  for (const checks of learners) {
    for (const [checkId, bits] of Object.entries(checks)) {
      const added = countsAdded(undefined, bits);
      const count = counts.get(checkId) ?? { tried: 0, passed: 0 };
      counts.set(checkId, { tried: count.tried + added.tried, passed: count.passed + added.passed });
    }
  }
  return counts;
}

/**
 * One-off, with svc-content stopped (`npm run backfill-practice -w svc-content`): learners' progress
 * from before the practice list's events (check_passes) joins their practice status, and every
 * check's counts are counted again from all learners. Run again, it changes nothing. Scans both
 * collections once: never on a request path.
 */
export async function backfillPractice(db: mongoose.Connection, say: (line: string) => void): Promise<{ learners: number; checks: number }> {
  const passes = db.collection<PassesRecord>('check_passes');
  const learners = db.collection<{ _id: string; checks?: Record<string, number> }>('practice_learners');
  // The stores' bounded bulk writes (decision 0022), without events: the read models load at svc-content's start.
  const model = <T>(name: string, schema: mongoose.Schema) => (db.models[name] as mongoose.Model<T> | undefined) ?? db.model<T>(name, schema);
  const locks = new DocumentLocks(model<WriteClaim>(WriteClaim.name, WriteClaimSchema));
  const learnerStore = new DocumentStore(model<PracticeLearnerRecord>(PracticeLearnerRecord.name, PracticeLearnerSchema), null, locks);
  const countStore = new DocumentStore(model<PracticeCountRecord>(PracticeCountRecord.name, PracticeCountSchema), null, locks);
  const derived = bitsFromPasses(await passes.find({}, { projection: { passed: 1, failures: 1, solutionShown: 1 } }).toArray());
  const merged = new Map<string, Record<string, number>>();
  for await (const learner of learners.find({}, { projection: { checks: 1 } })) merged.set(learner._id, { ...(learner.checks ?? {}) });
  for (const [userId, checks] of derived) {
    const into = merged.get(userId) ?? {};
    for (const [checkId, bits] of Object.entries(checks)) into[checkId] = (into[checkId] ?? 0) | bits;
    merged.set(userId, into);
  }
  await learnerStore.updateAll([...merged].map(([id, checks]) => ({ id, update: { $set: { checks } }, upsert: true })));
  const counts = countsFromBits(merged.values());
  await countStore.updateAll([...counts].map(([id, count]) => ({ id, update: { $set: { ...count, changedAt: Date.now() } }, upsert: true })));
  say(`practice status of ${merged.size} learners (${derived.size} with earlier progress) and counts of ${counts.size} checks written`);
  return { learners: merged.size, checks: counts.size };
}
