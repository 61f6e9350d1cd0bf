import type { ReviewDeck, SavedQuestion } from '@dblearn/contracts';
import type { ReviewGradeDto } from '@dblearn/contracts/dto';
import { notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { ContentClient } from '../content.client.js';
import { NOT_FOUND_MESSAGES } from '../progress-kinds.js';
import { dayOf, streakOf, withActiveDay } from '../streak.js';
import { SnapshotHolders } from '../snapshot-holders.js';
import { UserProgress } from '../user-progress.js';
import { USER_NOT_FOUND_MESSAGE } from '../../users/users.service.js';
import { addCard, deckView, dropCards, gradeCard } from './review-cards.js';

export const NOT_IN_DECK_MESSAGE = 'This question is not in your review deck.';

/** The learner's review deck (issue 34): every answer is the deck as the learner sees it now. */
@Injectable()
export class ReviewService {
  constructor(
    private readonly content: ContentClient,
    private readonly holders: SnapshotHolders,
    private readonly lists: UserProgress,
  ) {}

  async deck(userId: string): Promise<ReviewDeck> {
    const stored = await this.lists.deck(userId);
    if (!stored) throw notFound(USER_NOT_FOUND_MESSAGE);
    const now = new Date();
    return { ...deckView(stored.deck, now), streak: streakOf(stored.activeDays, now) };
  }

  /** svc-content says the question exists; the learner becomes a holder first, so its events reach the card. */
  async add(userId: string, questionId: string): Promise<ReviewDeck> {
    const question = await this.content.progressEntry('question', questionId);
    await this.addCopy(userId, question);
    return this.deck(userId);
  }

  /**
   * Puts a card for a question copy the caller already has (saving a question adds it too). A delete
   * event that came while it was written may have missed the card: the tombstone takes it back.
   */
  async addCopy(userId: string, question: SavedQuestion): Promise<void> {
    await this.holders.add('question', question._id, userId);
    if ((await this.lists.changeDeck(userId, (deck) => addCard(deck, question, new Date()))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    if ((await this.holders.find(question._id))?.deleted) {
      await this.lists.changeDeck(userId, (deck) => dropCards(deck, new Set([question._id])));
      throw notFound(NOT_FOUND_MESSAGES.question);
    }
  }

  /**
   * Takes the question's card out of the deck, schedule and all; a question not in the deck changes
   * nothing. A saved question stays saved: only saving it again, or adding it, brings the card back.
   */
  async remove(userId: string, questionId: string): Promise<ReviewDeck> {
    if ((await this.lists.changeDeck(userId, (deck) => dropCards(deck, new Set([questionId])))) === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    return this.deck(userId);
  }

  /** A grade for a version the card has moved past (a double click, a retry) changes nothing and answers the deck. */
  async grade(userId: string, { id, grade, version }: ReviewGradeDto): Promise<ReviewDeck> {
    let outcome: 'not-in-deck' | 'already-graded' | 'graded' = 'not-in-deck';
    const change = await this.lists.changeDeck(userId, (deck) => {
      const graded = gradeCard(deck, id, grade, version, new Date());
      // The store reads the deck back after a write and calls again: the card has moved on by then.
      if (typeof graded === 'object') {
        outcome = 'graded';
        return graded.deck;
      }
      if (outcome !== 'graded') outcome = graded;
      return null;
    });
    if (change === 'no-user') throw notFound(USER_NOT_FOUND_MESSAGE);
    if (outcome === 'not-in-deck') throw notFound(NOT_IN_DECK_MESSAGE);
    // A review is a day of the streak. A grade sent twice adds the day once; both answers show it.
    await this.lists.changeActiveDays(userId, (days) => withActiveDay(days, dayOf(new Date())));
    return this.deck(userId);
  }
}
