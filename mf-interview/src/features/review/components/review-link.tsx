import { LinkButton } from '@dblearn/ui';
import { useGetReviewDeckQuery } from '@dblearn/web';

/** The way into /interview/review, with how many cards wait there. */
export function ReviewLink() {
  const due = useGetReviewDeckQuery().data?.dueCount ?? 0;
  return (
    <LinkButton variant={due > 0 ? 'primary' : 'secondary'} to="/interview/review">
      {due > 0 ? `Review (${due} due)` : 'Review'}
    </LinkButton>
  );
}
