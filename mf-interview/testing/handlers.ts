// mf-interview's part of the gateway, as msw handlers over an in-memory bank: the component tests
// use them (testing/mock-gateway.ts) and so does `npm run start:alone` (testing/alone/).
import { apiPath, DEFAULT_INTERVIEW_DIFFICULTY, INTERVIEW_DIFFICULTIES, INTERVIEW_NOT_FOUND_MESSAGE, isInterviewDifficulty, type InterviewQuestion, REVIEW_GRADES, ROUTES, type ReviewCard, type ReviewDeck, type ReviewGrade, type UserProfile } from '@dblearn/contracts';
import { LEARNER } from '@dblearn/web/testing';
import { pagedAnswer, refusal } from '@dblearn/web/testing/msw';
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import type { InterviewQuestionInput } from '../src/features/questions/api/interview-question.js';
import { savedCopy, type SavedQuestion } from './data.js';

export interface InterviewStore {
  questions: InterviewQuestion[];
  /** The learner's saved questions (GET /users/me's savedQuestion: svc-users' copies, without a difficulty). */
  saved: SavedQuestion[];
  /** The learner's review deck (GET /users/me/review); a graded card is due again in a day. Saving adds a card. */
  review?: ReviewCard[];
  /** The learner's streak (issue 34): a review makes today a day of it. */
  streak?: number;
}

/** svc-users' words for a grade other than the four (ReviewGradeDto). */
const GRADE_MESSAGE = `Grade must be one of: ${REVIEW_GRADES.join(', ')}.`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /users/me, the learner's saves and /interview as docs/api-contract.md describes them; the caller is LEARNER. */
export function interviewHandlers(store: InterviewStore) {
  let nextId = 100;
  const profile = (): UserProfile => ({ ...LEARNER, displayName: 'Learner Lee', savedQuestion: store.saved, finishedProject: [], readTutorial: [] });
  /** POST saves, PUT unsaves: both idempotent, both answer the updated profile. */
  const saving =
    (keep: boolean): HttpResponseResolver<{ userId: string }, { id: string }> =>
    async ({ request }) => {
      const { id } = await request.json();
      const question = store.questions.find((item) => item._id === id);
      if (!question) return refusal(404, INTERVIEW_NOT_FOUND_MESSAGE);
      store.saved = [...store.saved.filter((item) => item._id !== id), ...(keep ? [savedCopy(question)] : [])];
      if (keep) addCard(question);
      return HttpResponse.json<UserProfile>(profile());
    };
  const deck = (): ReviewDeck => {
    const cards = store.review ?? [];
    const due = cards.filter((card) => Date.parse(card.due) <= Date.now());
    return { due, dueCount: due.length, total: cards.length, streak: store.streak ?? 0 };
  };
  const addCard = (question: InterviewQuestion) => {
    const cards = store.review ?? [];
    if (!cards.some((card) => card._id === question._id)) store.review = [...cards, { ...question, due: new Date(Date.now() - 1000).toISOString(), version: 0 }];
  };
  const stored = (id: string | readonly string[] | undefined) => store.questions.findIndex((item) => item._id === id);
  return [
    http.get(apiPath(ROUTES.users.me), () => HttpResponse.json<UserProfile>(profile())),
    http.post(apiPath(ROUTES.progress.saveQuestion), saving(true)),
    http.put(apiPath(ROUTES.progress.unsaveQuestion), saving(false)),
    http.get(apiPath(ROUTES.review.deck), () => HttpResponse.json<ReviewDeck>(deck())),
    http.post<never, { id: string }>(apiPath(ROUTES.review.add), async ({ request }) => {
      const { id } = await request.json();
      const question = store.questions.find((item) => item._id === id);
      if (!question) return refusal(404, INTERVIEW_NOT_FOUND_MESSAGE);
      addCard(question);
      return HttpResponse.json<ReviewDeck>(deck());
    }),
    http.post<never, { id: string; grade: ReviewGrade; version: number }>(apiPath(ROUTES.review.grade), async ({ request }) => {
      const { id, grade, version } = await request.json();
      if (!REVIEW_GRADES.includes(grade)) return refusal(400, GRADE_MESSAGE);
      const card = store.review?.find((item) => item._id === id);
      if (!card) return refusal(404, 'This question is not in your review deck.');
      // The same version twice counts once, as on the server.
      if (card.version === version) Object.assign(card, { version: version + 1, due: new Date(Date.now() + DAY_MS).toISOString() });
      store.streak = Math.max(store.streak ?? 0, 1);
      return HttpResponse.json<ReviewDeck>(deck());
    }),
    // Idempotent, as on the server: a question not in the deck changes nothing.
    http.delete(apiPath(ROUTES.review.remove), ({ params }) => {
      store.review = store.review?.filter((item) => item._id !== params.questionId);
      return HttpResponse.json<ReviewDeck>(deck());
    }),
    http.get(apiPath(ROUTES.interview.list), ({ request }) => {
      const url = new URL(request.url);
      const topic = url.searchParams.get('topic');
      const difficulty = url.searchParams.get('difficulty');
      if (difficulty !== null && !isInterviewDifficulty(difficulty)) return refusal(400, `difficulty must be one of: ${INTERVIEW_DIFFICULTIES.join(', ')}.`);
      return pagedAnswer<InterviewQuestion>(store.questions.filter((item) => (!topic || item.topic === topic) && (!difficulty || item.difficulty === difficulty)), url);
    }),
    http.post<never, InterviewQuestionInput>(apiPath(ROUTES.interview.create), async ({ request }) => {
      // svc-content stores a question sent without a difficulty at the default one.
      const body: Partial<InterviewQuestionInput> & Omit<InterviewQuestionInput, 'difficulty'> = await request.json();
      const created: InterviewQuestion = { _id: `q${nextId++}`, ...body, difficulty: body.difficulty ?? DEFAULT_INTERVIEW_DIFFICULTY };
      store.questions.push(created);
      return HttpResponse.json<InterviewQuestion>(created, { status: 201 });
    }),
    http.get(apiPath(ROUTES.interview.find), ({ params }) => {
      const at = stored(params.id);
      return at < 0 ? refusal(404, INTERVIEW_NOT_FOUND_MESSAGE) : HttpResponse.json<InterviewQuestion>(store.questions[at]!);
    }),
    http.put<{ id: string }, InterviewQuestionInput>(apiPath(ROUTES.interview.update), async ({ params, request }) => {
      const at = stored(params.id);
      if (at < 0) return refusal(404, INTERVIEW_NOT_FOUND_MESSAGE);
      const updated: InterviewQuestion = { ...store.questions[at]!, ...(await request.json()) };
      store.questions[at] = updated;
      // Saved copies follow the bank (svc-users hears the change).
      store.saved = store.saved.map((item) => (item._id === updated._id ? savedCopy(updated) : item));
      return HttpResponse.json<InterviewQuestion>(updated);
    }),
    http.delete(apiPath(ROUTES.interview.delete), ({ params }) => {
      const at = stored(params.id);
      if (at < 0) return refusal(404, INTERVIEW_NOT_FOUND_MESSAGE);
      const [deleted] = store.questions.splice(at, 1);
      store.saved = store.saved.filter((item) => item._id !== deleted!._id);
      store.review = store.review?.filter((item) => item._id !== deleted!._id);
      return HttpResponse.json<InterviewQuestion>(deleted!);
    }),
  ];
}
