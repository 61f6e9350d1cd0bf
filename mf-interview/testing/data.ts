// The interview bank's test data and the bank `npm run start:alone` begins with (browser-safe: no msw/node).
import { INTERVIEW_DIFFICULTIES, TOPICS, type InterviewQuestion, type Topic, type UserProfile } from '@dblearn/contracts';
import type { InterviewStore } from './handlers.js';

/** `count` questions spread over the five topics and the three difficulties in turn, with ids q1, q2... (oldest first). */
export function makeQuestions(count: number): InterviewQuestion[] {
  return Array.from({ length: count }, (_, index) => ({
    _id: `q${index + 1}`,
    topic: TOPICS[index % TOPICS.length] as Topic,
    question: `Question ${index + 1}?`,
    answer: `Answer ${index + 1}.`,
    difficulty: INTERVIEW_DIFFICULTIES[index % INTERVIEW_DIFFICULTIES.length]!,
  }));
}

export type SavedQuestion = UserProfile['savedQuestion'][number];

/** svc-users' copy of a saved question: the fields its progress list keeps (no difficulty). */
export const savedCopy = ({ _id, topic, question, answer }: InterviewQuestion): SavedQuestion => ({ _id, topic, question, answer });

/** What a remote run alone shows: two pages of questions, one of them saved. */
export function aloneStore(): InterviewStore {
  const questions = makeQuestions(9);
  return { questions, saved: [savedCopy(questions[1]!)] };
}
