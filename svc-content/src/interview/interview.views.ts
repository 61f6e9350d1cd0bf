import { DEFAULT_INTERVIEW_DIFFICULTY, type InterviewQuestion } from '@dblearn/contracts';
import { idOf } from '../common/views.js';
import type { InterviewQuestionRecord } from './interview-question.schema.js';

export const INTERVIEW_FIELDS = { topic: 1, question: 1, answer: 1, difficulty: 1, createdAt: 1 } as const;

export function toInterviewQuestion(record: InterviewQuestionRecord): InterviewQuestion {
  return { _id: idOf(record._id), topic: record.topic, question: record.question, answer: record.answer, difficulty: record.difficulty ?? DEFAULT_INTERVIEW_DIFFICULTY };
}
