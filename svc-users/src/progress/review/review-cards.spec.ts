import { describe, expect, it } from '@jest/globals';
import { addCard, deckView, DUE_PAGE, dropCards, gradeCard, refreshCards } from './review-cards.js';

const question = (n: number) => ({ _id: `6b020a4dbbae6c41e918cc${String(n).padStart(2, '0')}`, topic: 'sql' as const, question: `Q${n}`, answer: `A${n}` });
const now = new Date('2026-11-29T08:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('review cards (the glue around ts-fsrs)', () => {
  it('adds a new card due now once; adding it again changes nothing', () => {
    const deck = addCard([], question(1), now)!;
    expect(deck).toEqual([expect.objectContaining({ _id: question(1)._id, due: now, reps: 0, version: 0, lastReview: null })]);
    expect(addCard(deck, question(1), later(1000))).toBeNull();
  });

  it('maps Again … Easy to FSRS ratings in order: better recall, later due', () => {
    const deck = addCard([], question(1), now)!;
    const dues = (['again', 'hard', 'good', 'easy'] as const).map((grade) => {
      const outcome = gradeCard(deck, question(1)._id, grade, 0, now);
      if (typeof outcome !== 'object') throw new Error(outcome);
      expect(outcome.deck[0]).toMatchObject({ reps: 1, version: 1, lastReview: now });
      return outcome.deck[0]!.due.getTime();
    });
    expect([...dues].sort((a, b) => a - b)).toEqual(dues);
    expect(dues[3]).toBeGreaterThan(dues[0]!);
  });

  it('counts a grade for a version the card has moved past once, and refuses a card not in the deck', () => {
    const deck = addCard([], question(1), now)!;
    const graded = gradeCard(deck, question(1)._id, 'good', 0, now);
    if (typeof graded !== 'object') throw new Error(graded);
    expect(gradeCard(graded.deck, question(1)._id, 'good', 0, now)).toBe('already-graded');
    expect(gradeCard(graded.deck, question(2)._id, 'good', 0, now)).toBe('not-in-deck');
  });

  it('refreshes the copy keeping the schedule, and drops deleted questions', () => {
    const deck = addCard(addCard([], question(1), now)!, question(2), now)!;
    const fresh = refreshCards(deck, { ...question(1), question: 'Q1, rewritten' })!;
    expect(fresh[0]).toEqual({ ...deck[0], question: 'Q1, rewritten' });
    expect(refreshCards(fresh, { ...question(1), question: 'Q1, rewritten' })).toBeNull();
    expect(dropCards(deck, new Set([question(1)._id]))).toEqual([deck[1]]);
    expect(dropCards(deck, new Set([question(3)._id]))).toBeNull();
  });

  it('shows the due cards, most overdue first, at most a page of them, counting all', () => {
    let deck = addCard([], question(1), later(-1000))!;
    deck = addCard(deck, question(2), later(-5000))!;
    deck = addCard(deck, question(3), later(60_000))!;
    expect(deckView(deck, now)).toEqual({ due: [expect.objectContaining({ _id: question(2)._id }), expect.objectContaining({ _id: question(1)._id })], dueCount: 2, total: 3 });
    const many = Array.from({ length: DUE_PAGE + 3 }, (_, n) => n).reduce((cards, n) => addCard(cards, question(n), now)!, addCard([], question(99), now)!);
    expect(deckView(many, now)).toMatchObject({ dueCount: DUE_PAGE + 4, total: DUE_PAGE + 4 });
    expect(deckView(many, now).due).toHaveLength(DUE_PAGE);
  });
});
