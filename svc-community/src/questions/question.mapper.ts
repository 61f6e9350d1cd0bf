import type { QnaQuestion, QnaQuestionSummary, QnaReply } from '@dblearn/contracts';
import type { AuthorNames } from '../authors/author-names.js';
import type { Reply, StoredQuestion } from './questions.schema.js';

/** Who wrote a post, as every answer shows it: the account id and its display name now, never an e-mail (issue 36). */
export type AuthorOf = Pick<AuthorNames, 'nameOf' | 'shownId'>;

function author(names: AuthorOf, authorId: string | null | undefined): { authorId: string | null; authorName: string } {
  return { authorId: names.shownId(authorId), authorName: names.nameOf(authorId) };
}

export function toReply(reply: Reply, names: AuthorOf): QnaReply {
  return { _id: reply._id.toHexString(), ...author(names, reply.authorId), reply: reply.reply, datePosted: reply.datePosted.toISOString() };
}

function questionFields(question: StoredQuestion, names: AuthorOf): Omit<QnaQuestion, 'replies' | 'acceptedReplyId'> {
  return {
    _id: question._id.toHexString(),
    topic: question.topic,
    title: question.title,
    description: question.description,
    ...author(names, question.authorId),
    datePosted: question.datePosted.toISOString(),
    sandboxCourseId: question.sandboxCourseId ?? null,
  };
}

export function toQuestion(question: StoredQuestion, names: AuthorOf): QnaQuestion {
  return {
    ...questionFields(question, names),
    replies: (question.replies ?? []).map((reply) => toReply(reply, names)),
    acceptedReplyId: question.acceptedReplyId?.toHexString() ?? null,
  };
}

export function toSummary(question: StoredQuestion, names: AuthorOf): QnaQuestionSummary {
  return { ...questionFields(question, names), replyCount: question.replies?.length ?? 0, solved: Boolean(question.acceptedReplyId) };
}

/**
 * A kept summary with its author's name as it is now (the read model keeps the id; a rename changes
 * no summary). Field by field: a summary saved before display names still carries the e-mail.
 */
export function withAuthorNow(summary: QnaQuestionSummary, names: AuthorOf): QnaQuestionSummary {
  return {
    _id: summary._id,
    topic: summary.topic,
    title: summary.title,
    description: summary.description,
    ...author(names, summary.authorId),
    datePosted: summary.datePosted,
    sandboxCourseId: summary.sandboxCourseId ?? null,
    replyCount: summary.replyCount,
    solved: summary.solved,
  };
}
