import type { QnaQuestion } from '@dblearn/contracts';
import { JsonItemCache } from '@dblearn/nest-common';

/** Memory for whole questions: 200 replies of 3,000 characters are about 600 kB of JSON. */
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Recently read questions, whole, as the bytes GET /qna/{id} sends (FerretDB spends milliseconds of
 * CPU decoding a question with hundreds of replies). Every write and every community event drops
 * the entry; a read that started before a drop never stores its (possibly older) answer.
 */
export class QuestionCache extends JsonItemCache<QnaQuestion> {
  constructor(maxBytes = MAX_BYTES) {
    super(maxBytes);
  }
}
