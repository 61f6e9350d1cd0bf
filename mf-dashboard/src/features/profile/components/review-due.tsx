import { AREA_LINKS } from '@dblearn/federation';
import { LinkButton } from '@dblearn/ui';
import { useGetReviewDeckQuery } from '@dblearn/web';

/** How many review cards are due today (issue 34), and the way to review them. */
export function ReviewDue() {
  // Asked again on each visit: cards fall due while the learner is away.
  const deck = useGetReviewDeckQuery(undefined, { refetchOnMountOrArgChange: true });
  const due = deck.data?.dueCount ?? 0;
  return (
    <section className="dashboard-card dashboard-review" aria-labelledby="dashboard-review-title">
      <h2 id="dashboard-review-title">Review</h2>
      {deck.data ? (
        <>
          <p className="dashboard-review__count">
            <strong>{due}</strong> {due === 1 ? 'card' : 'cards'} due today
          </p>
          <p className="dashboard-review__note">
            {deck.data.total === 0 ? 'Add interview questions to your deck, or save them: saved questions join it.' : `${deck.data.total} in your deck.`}
          </p>
          <LinkButton to={due > 0 ? AREA_LINKS.interviewReview : '/interview'} variant={due > 0 ? 'primary' : 'secondary'}>
            {due > 0 ? 'Start review' : 'Browse interview questions'}
          </LinkButton>
        </>
      ) : (
        <p className="dashboard-review__note">{deck.isError ? 'Your review deck could not be loaded.' : 'Loading your review deck…'}</p>
      )}
    </section>
  );
}
