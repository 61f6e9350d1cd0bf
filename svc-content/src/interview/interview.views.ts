import type { InterviewQuestion } from '@dblearn/contracts';
import { idOf } from '../common/views.js';
import type { Listed } from '../read-model/list-index.js';
import type { InterviewQuestionRecord } from './interview-question.schema.js';

export const INTERVIEW_FIELDS = { topic: 1, question: 1, answer: 1, createdAt: 1 } as const;

export function toInterviewQuestion(record: InterviewQuestionRecord): InterviewQuestion {
  return { _id: idOf(record._id), topic: record.topic, question: record.question, answer: record.answer };
}

export function listedInterviewQuestion(record: InterviewQuestionRecord): Listed<InterviewQuestion> {
  const item = toInterviewQuestion(record);
  return { item, id: item._id, topic: item.topic, createdAt: record.createdAt.getTime() };
}
