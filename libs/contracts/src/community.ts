import type { z } from 'zod';
import type * as answers from './answers/community.answers.js';
import type { EVENT_SUBJECTS } from './messaging/events.js';
import { ROUTES } from './routes.js';

// What svc-community answers, inferred from the one definition of each shape in ./answers.

/** A reply under a Q&A question (SPEC §3): `authorId` and `authorName` say who wrote it (never an e-mail). */
export type QnaReply = z.output<typeof answers.QnaReplyAnswer>;

/** GET /qna/{id} (CONTRACT "Q&A"). */
export type QnaQuestion = z.output<typeof answers.QnaQuestionAnswer>;

/** One `qna` event of GET /live/qna (issue 22). */
export type QnaLiveEvent = z.output<typeof answers.QnaLiveEventAnswer>;

/** One item of GET /qna: the question without its replies, with how many it has. */
export type QnaQuestionSummary = z.output<typeof answers.QnaQuestionSummaryAnswer>;

/**
 * GET /api/live/qna (issue 22): the Q&A's Server-Sent Events. `ready` opens every stream with
 * `{heartbeatMs}` (after a reconnect the page reads what it shows again: that is the catch-up);
 * `qna` carries a QnaLiveEvent; `heartbeat` comes every heartbeatMs, so a client notices a stream
 * that went silent (a dead connection nobody closed) and opens another.
 */
export const QNA_LIVE = { path: ROUTES.live.qna.path, readyEvent: 'ready', changeEvent: 'qna', heartbeatEvent: 'heartbeat' } as const;

/**
 * The events GET /live/qna passes on, each as its `kind`: the gateway subscribes by this table and
 * the QnaLiveEvent answer's `kind` enum is its values, so a new live kind is one entry here.
 */
export const QNA_LIVE_KINDS = {
  questionCreated: 'created',
  questionUpdated: 'updated',
  questionReplied: 'replied',
  questionDeleted: 'deleted',
  questionAccepted: 'accepted',
} as const satisfies Partial<Record<keyof typeof EVENT_SUBJECTS, string>>;
