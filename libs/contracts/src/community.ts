import type { Topic } from './topics.js';

/** A reply under a Q&A question (SPEC §3). `userName` is the author's e-mail, from their token. */
export interface QnaReply {
  _id: string;
  userName: string;
  reply: string;
  datePosted: string;
}

/** GET /qna/{id} (CONTRACT "Q&A"). */
export interface QnaQuestion {
  _id: string;
  topic: Topic;
  title: string;
  description: string;
  userName: string;
  datePosted: string;
  replies: QnaReply[];
}

/** One item of GET /qna: the question without its replies, with how many it has. */
export interface QnaQuestionSummary extends Omit<QnaQuestion, 'replies'> {
  replyCount: number;
}
