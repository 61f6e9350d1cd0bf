import { z } from 'zod';
import { QNA_LIVE_KINDS } from '../community.js';
import { DELETED_AUTHOR_NAME } from '../display-name.js';
import { dateTime, objectId, topic } from './fields.js';

/** Who wrote a post (issue 36): never their e-mail. Ownership is decided by svc-community from the account id. */
const authorFields = {
  authorId: objectId()
    .nullable()
    .meta({ description: 'The author\'s account; null once it is deleted, or for demo and imported posts of no account.' }),
  authorName: z.string().meta({ example: 'ada.lovelace', description: `The author's display name as it is now; "${DELETED_AUTHOR_NAME}" once the account is deleted.` }),
};

// What svc-community answers (CONTRACT "Q&A"); the types in ../community.ts are inferred from these.

/** A reply under a Q&A question (SPEC §3). The author comes from the token, by account id. */
export const QnaReplyAnswer = z
  .object({
    _id: objectId(),
    ...authorFields,
    reply: z.string().meta({ description: "Stored as written; shown as Markdown's safe subset (decision 0013), never as raw HTML." }),
    datePosted: dateTime(),
  })
  .meta({ id: 'QnaReply' });

const questionFields = {
  _id: objectId(),
  topic: topic(),
  title: z.string(),
  description: z.string().meta({ description: "Stored as written; shown as Markdown's safe subset (decision 0013), never as raw HTML." }),
  ...authorFields,
  datePosted: dateTime(),
  sandboxCourseId: objectId()
    .nullable()
    .meta({ description: "The course whose SQL sandbox the post's ```sql blocks run on (issue 22); null for none." }),
};

/** GET /qna/{id}. */
export const QnaQuestionAnswer = z
  .object({
    ...questionFields,
    replies: z.array(QnaReplyAnswer),
    acceptedReplyId: objectId().nullable().meta({ description: 'The reply the author (or an admin) accepted; null while none is.' }),
  })
  .meta({ id: 'QnaQuestion' });

/** One `qna` event of GET /live/qna (Server-Sent Events, issue 22): what changed; the page reads it again. */
export const QnaLiveEventAnswer = z
  .object({
    kind: z.enum(Object.values(QNA_LIVE_KINDS)),
    questionId: objectId(),
    topic: topic(),
    replyId: objectId().nullable().meta({ description: 'replied: the new reply; accepted: the accepted reply (null: cleared); otherwise null.' }),
  })
  .meta({ id: 'QnaLiveEvent' });

/** One item of GET /qna: the question without its replies, with how many it has. */
export const QnaQuestionSummaryAnswer = z
  .object({
    ...questionFields,
    replyCount: z.number().int().meta({ example: 2 }),
    solved: z.boolean().meta({ description: 'A reply is accepted.' }),
  })
  .meta({ id: 'QnaQuestionSummary' });
