import { z } from 'zod';
import { dateTime, email, objectId, topic } from './fields.js';

// What svc-community answers (CONTRACT "Q&A"); the types in ../community.ts are inferred from these.

/** A reply under a Q&A question (SPEC §3). `userName` is the author's e-mail, from their token. */
export const QnaReplyAnswer = z
  .object({
    _id: objectId(),
    userName: email().meta({ description: "The reply author's e-mail." }),
    reply: z.string().meta({ description: "Stored as written; shown as Markdown's safe subset (decision 0013), never as raw HTML." }),
    datePosted: dateTime(),
  })
  .meta({ id: 'QnaReply' });

const questionFields = {
  _id: objectId(),
  topic: topic(),
  title: z.string(),
  description: z.string().meta({ description: "Stored as written; shown as Markdown's safe subset (decision 0013), never as raw HTML." }),
  userName: email().meta({ description: "The author's e-mail." }),
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
    kind: z.enum(['created', 'updated', 'replied', 'deleted', 'accepted']),
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
