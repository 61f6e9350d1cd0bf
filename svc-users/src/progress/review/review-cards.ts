import { type ReviewCard, type ReviewDeck, type ReviewGrade, REVIEW_GRADES, type SavedQuestion } from '@dblearn/contracts';
import { type Card, createEmptyCard, fsrs, type Grade } from 'ts-fsrs';
import type { DeckCard } from '../../users/user.mapper.js';

/*
 * The glue between a learner's deck and ts-fsrs, as pure functions (FSRS itself is the library's).
 * Like progress-lists.ts, each change answers the new deck, or null when nothing would change, so a
 * repeated call (a double click, a retry, a redelivered event) writes nothing.
 */

/** The due cards one answer carries; `dueCount` still counts all of them. */
export const DUE_PAGE = 50;

/** Default FSRS parameters, with fuzz so cards learned together do not all fall due together. */
const scheduler = fsrs({ enable_fuzz: true });

function toFsrsCard(card: DeckCard): Card {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: 0,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    ...(card.lastReview ? { last_review: card.lastReview } : {}),
  };
}

function fromFsrsCard(question: SavedQuestion, card: Card, version: number): DeckCard {
  return {
    _id: question._id,
    topic: question.topic,
    question: question.question,
    answer: question.answer,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
    version,
  };
}

/** Adds a new card (due now) for the question; a question already in the deck keeps its schedule. */
export function addCard(deck: readonly DeckCard[], question: SavedQuestion, now: Date): DeckCard[] | null {
  if (deck.some((card) => card._id === question._id)) return null;
  return [...deck, fromFsrsCard(question, createEmptyCard(now), 0)];
}

export type GradeOutcome = { deck: DeckCard[] } | 'not-in-deck' | 'already-graded';

/** FSRS schedules the card from the grade; a version the card has moved past was already counted. */
export function gradeCard(deck: readonly DeckCard[], id: string, grade: ReviewGrade, version: number, now: Date): GradeOutcome {
  const at = deck.findIndex((card) => card._id === id);
  const card = deck[at];
  if (!card) return 'not-in-deck';
  if (card.version !== version) return 'already-graded';
  // Again … Easy are FSRS's ratings 1 … 4, in REVIEW_GRADES' order.
  const rating = (REVIEW_GRADES.indexOf(grade) + 1) as Grade;
  const next = scheduler.next(toFsrsCard(card), now, rating).card;
  return { deck: deck.map((item, index) => (index === at ? fromFsrsCard(card, next, card.version + 1) : item)) };
}

/** Freshens the question's copy on every card of it, keeping the schedule (an interview update event). */
export function refreshCards(deck: readonly DeckCard[], question: SavedQuestion): DeckCard[] | null {
  const stale = (card: DeckCard) => card._id === question._id && (card.topic !== question.topic || card.question !== question.question || card.answer !== question.answer);
  if (!deck.some(stale)) return null;
  return deck.map((card) => (stale(card) ? { ...card, topic: question.topic, question: question.question, answer: question.answer } : card));
}

/** Removes the cards of these questions (deleted by an admin). */
export function dropCards(deck: readonly DeckCard[], ids: ReadonlySet<string>): DeckCard[] | null {
  const kept = deck.filter((card) => !ids.has(card._id));
  return kept.length === deck.length ? null : kept;
}

/** What the learner sees: the due cards, the most overdue first. */
export function deckView(deck: readonly DeckCard[], now: Date): Omit<ReviewDeck, 'streak'> {
  const due = deck.filter((card) => card.due.getTime() <= now.getTime()).sort((a, b) => a.due.getTime() - b.due.getTime());
  return { due: due.slice(0, DUE_PAGE).map(toReviewCard), dueCount: due.length, total: deck.length };
}

function toReviewCard(card: DeckCard): ReviewCard {
  return { _id: card._id, topic: card.topic, question: card.question, answer: card.answer, due: card.due.toISOString(), version: card.version };
}
