import type { QnaQuestion, QnaQuestionSummary, QnaReply } from '@dblearn/contracts';
import type { Reply, StoredQuestion } from './questions.schema.js';

export function toReply(reply: Reply): QnaReply {
  return { _id: reply._id.toHexString(), userName: reply.userName, reply: reply.reply, datePosted: reply.datePosted.toISOString() };
}

function questionFields(question: StoredQuestion): Omit<QnaQuestion, 'replies' | 'acceptedReplyId'> {
  return {
    _id: question._id.toHexString(),
    topic: question.topic,
    title: question.title,
    description: question.description,
    userName: question.userName,
    datePosted: question.datePosted.toISOString(),
    sandboxCourseId: question.sandboxCourseId ?? null,
  };
}

export function toQuestion(question: StoredQuestion): QnaQuestion {
  return { ...questionFields(question), replies: (question.replies ?? []).map(toReply), acceptedReplyId: question.acceptedReplyId?.toHexString() ?? null };
}

export function toSummary(question: StoredQuestion): QnaQuestionSummary {
  return { ...questionFields(question), replyCount: question.replies?.length ?? 0, solved: Boolean(question.acceptedReplyId) };
}
