import { type ReviewGrade, REVIEW_GRADES } from '@dblearn/contracts';
import { Button, LinkButton, Panel, toastRefusal } from '@dblearn/ui';
import { toast, useGetReviewDeckQuery, useGradeReviewMutation, useSession } from '@dblearn/web';
import { useCallback, useEffect, useState } from 'react';
import { useRemoveFromReviewMutation } from '../api/remove-from-review.js';
import { ReviewCard } from '../components/review-card.js';

/** Keys typed into a field or a button's own activation are not the page's shortcuts. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

function dueLabel(count: number): string {
  return count === 1 ? '1 card due' : `${count} cards due`;
}

/** The due cards one at a time (issue 34); the server schedules each grade with FSRS. */
function Review() {
  // Asked again on each visit: cards fall due while the page is closed.
  const deck = useGetReviewDeckQuery(undefined, { refetchOnMountOrArgChange: true });
  const [grade, grading] = useGradeReviewMutation();
  const [removeCard, removing] = useRemoveFromReviewMutation();
  const [revealedId, setRevealedId] = useState<string | null>(null);
  const card = deck.data?.due[0];
  const revealed = card !== undefined && revealedId === `${card._id}:${card.version}`;

  const reveal = useCallback(() => {
    if (card) setRevealedId(`${card._id}:${card.version}`);
  }, [card]);
  const send = useCallback(
    (chosen: ReviewGrade) => {
      if (!card || grading.isLoading) return;
      grade({ id: card._id, grade: chosen, version: card.version })
        .unwrap()
        .catch((error: unknown) => toastRefusal(error, 'The grade could not be saved.'));
    },
    [card, grade, grading.isLoading],
  );

  const remove = useCallback(() => {
    if (!card || removing.isLoading) return;
    removeCard(card._id)
      .unwrap()
      .then(() => toast.success('Removed from your review deck.'))
      .catch((error: unknown) => toastRefusal(error, 'The card could not be removed.'));
  }, [card, removeCard, removing.isLoading]);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || !card) return;
      if (event.key === ' ' && !revealed) {
        event.preventDefault();
        reveal();
        return;
      }
      const chosen = REVIEW_GRADES[Number(event.key) - 1];
      if (revealed && chosen && /^[1-4]$/.test(event.key)) {
        event.preventDefault();
        send(chosen);
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [card, revealed, reveal, send]);

  if (deck.isLoading) {
    return (
      <p role="status" className="interview-page__status">
        Loading your review deck…
      </p>
    );
  }
  if (!deck.data) {
    return (
      <Panel title="Your review deck could not be loaded" tone="error" actions={<Button onClick={() => void deck.refetch()}>Try again</Button>}>
        <p>Check your connection and try again.</p>
      </Panel>
    );
  }
  const { dueCount, total } = deck.data;
  return (
    <>
      <p className="review-page__count" role="status">
        {dueCount > 0 ? `${dueLabel(dueCount)} · ${total} in your deck` : `${total} in your deck`}
      </p>
      {card ? (
        <>
          <ReviewCard key={`${card._id}:${card.version}`} card={card} revealed={revealed} onReveal={reveal} grading={grading.isLoading} onGrade={send} />
          <p className="review-page__keys">
            Keyboard: <kbd>Space</kbd> shows the answer, <kbd>1</kbd>–<kbd>4</kbd> grade it.
          </p>
          <p className="review-page__remove">
            <Button variant="ghost" onClick={remove} disabled={removing.isLoading || grading.isLoading}>
              Remove from deck
            </Button>
          </p>
        </>
      ) : (
        <Panel title={total > 0 ? 'All caught up' : 'Your review deck is empty'} actions={<LinkButton to="/interview">Browse questions</LinkButton>}>
          <p>{total > 0 ? 'No card is due now. Come back later: each card returns when you are about to forget it.' : 'Add interview questions to your deck, or save them: saved questions join it.'}</p>
        </Panel>
      )}
    </>
  );
}

/** /interview/review */
export default function ReviewRoute() {
  const { isSignedIn } = useSession();
  return (
    <div className="interview-page review-page">
      <div className="interview-page__header">
        <h1>Review</h1>
        <LinkButton variant="secondary" to="/interview">
          All questions
        </LinkButton>
      </div>
      {isSignedIn ? (
        <Review />
      ) : (
        <Panel title="Sign in to review" actions={<LinkButton to="/login">Sign in</LinkButton>}>
          <p>Your review deck brings back each interview question just before you would forget it.</p>
        </Panel>
      )}
    </div>
  );
}
