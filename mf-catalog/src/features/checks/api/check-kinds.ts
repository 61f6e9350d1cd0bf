import type { ProjectCheck, QuizType, StoredCheck } from '@dblearn/contracts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What PUT /project/check takes (and updateCheck with `id`): a stored check without `_id`. */
export type CheckBody = DistributiveOmit<StoredCheck, '_id'>;

/**
 * A check as every project answer carries it. `quizType` is a proposed addition to the contract: a
 * number quiz and a set quiz otherwise look alike to the browser, so without it one field takes either.
 */
export type LearnerCheck = ProjectCheck & { quizType?: QuizType };
