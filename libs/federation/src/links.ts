import type { Topic } from '@dblearn/contracts';

/**
 * Addresses one area links to inside another, written once so both sides agree: the area that owns
 * the route reads these query parameters, the others build links only through these functions.
 */
export const AREA_LINKS = {
  /** mf-catalog: the course list filtered to one topic (its filter lives in `?topic=`). */
  catalogTopic: (topic: Topic) => `/catalog?topic=${topic}`,
  /** mf-interview: the learner's saved questions, at a page of six. */
  interviewSaved: (page = 1) => (page > 1 ? `/interview?view=saved&page=${page}` : '/interview?view=saved'),
  /** mf-interview: the learner's review deck, one due card at a time (issue 34). */
  interviewReview: '/interview/review',
  /** mf-qna: the question list with its post form ready (mf-qna focuses the form when `ask` is present). */
  qnaAsk: '/qna?ask=1',
} as const;
