import type { ProjectCheck, StoredCheck } from '@dblearn/contracts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What PUT /project/check takes (and updateCheck with `id`): a stored check without `_id`. */
export type CheckBody = DistributiveOmit<StoredCheck, '_id'>;

/** A check as every project answer carries it (a quiz names its type: a number and a set look alike otherwise). */
export type LearnerCheck = ProjectCheck;
