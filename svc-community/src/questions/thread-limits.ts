import { QNA_MESSAGES, QNA_THREAD_LIMITS, type QnaQuestion } from '@dblearn/contracts';
import { conflict } from '@dblearn/nest-common';

/**
 * Refuses (409) a thread that would pass QNA_THREAD_LIMITS once written, before anything is
 * written: the thread travels whole in one NATS message (detail and write answers), so a thread
 * past the budget would be stored yet answer 503 from then on.
 */
export function assertThreadFits(after: QnaQuestion): void {
  if (after.replies.length > QNA_THREAD_LIMITS.maxReplies) throw conflict(QNA_MESSAGES.tooManyReplies);
  if (Buffer.byteLength(JSON.stringify(after)) > QNA_THREAD_LIMITS.maxJsonBytes) throw conflict(QNA_MESSAGES.threadTooLarge);
}
