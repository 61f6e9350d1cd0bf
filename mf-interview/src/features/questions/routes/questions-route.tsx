import { pageItems, Panel, Button, LinkButton, readPage, usePagedList } from '@dblearn/ui';
import { useGetMeQuery, useSession } from '@dblearn/web';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from '@dblearn/web/router';
import { useGetQuestionsQuery } from '../api/get-questions.js';
import type { ShownQuestion } from '../api/interview-question.js';
import { QuestionList } from '../components/question-list.js';
import { DifficultyFilter } from '../components/difficulty-filter.js';
import { difficultyWord, readView, viewHref, viewTitle, type QuestionView } from '../components/question-view.js';
import { TopicSidebar } from '../components/topic-sidebar.js';
import { ReviewLink } from '../../review/index.js';

interface ShownPage {
  items: readonly ShownQuestion[];
  total: number;
  loading: boolean;
  failed: boolean;
  retry: () => void;
}

/** The page for the view: a server page of the bank, or a page of the learner's saved list. */
function useShownPage(view: QuestionView, page: number): ShownPage & { savedIds: ReadonlySet<string> } {
  // Asked again on each visit: an admin may have edited or deleted a saved question meanwhile.
  const me = useGetMeQuery(undefined, { refetchOnMountOrArgChange: true });
  const saved = me.data?.savedQuestion;
  const savedIds = useMemo(() => new Set((saved ?? []).map((question) => question._id)), [saved]);
  const bank = useGetQuestionsQuery({ topic: view.kind === 'topic' ? view.topic : null, difficulty: view.kind === 'topic' ? (view.difficulty ?? null) : null, page }, { skip: view.kind === 'saved' });
  if (view.kind === 'saved') {
    return {
      items: pageItems(saved ?? [], page),
      total: saved?.length ?? 0,
      loading: me.isLoading,
      failed: me.isError && !saved,
      retry: () => void me.refetch(),
      savedIds,
    };
  }
  return {
    // currentData: never show the previous page's questions while the next page loads.
    items: bank.currentData?.items ?? [],
    total: bank.currentData?.total ?? 0,
    loading: bank.currentData === undefined && bank.isFetching,
    failed: bank.isError,
    retry: () => void bank.refetch(),
    savedIds,
  };
}

function EmptyState({ view, isAdmin }: { view: QuestionView; isAdmin: boolean }) {
  if (view.kind === 'saved') {
    return (
      <Panel title="No saved questions yet" actions={<LinkButton to="/interview">Browse all questions</LinkButton>}>
        <p>Save a question to see it here.</p>
      </Panel>
    );
  }
  return (
    <Panel title={view.topic ? `No ${difficultyWord(view)}questions in ${viewTitle(view)} yet` : `No ${difficultyWord(view)}questions yet`}>
      <p>{isAdmin ? 'Add one with New Question.' : view.difficulty ? 'Pick another difficulty or topic.' : 'Check back soon, or pick another topic.'}</p>
    </Panel>
  );
}

/** /interview: the topic sidebar, six questions a page, and the saved view. */
export default function QuestionsRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isAdmin, isSignedIn } = useSession();
  const view = readView(params);
  const page = readPage(params);
  const shown = useShownPage(view, page);
  // A page past the end (the last question of a page was deleted, or an old link) moves to the last one.
  const { currentPage, pastTheEnd } = usePagedList({ page, total: shown.total, loading: shown.loading, pageHref: (next) => viewHref(view, next) });
  const title = viewTitle(view);

  return (
    <div className="interview-page">
      <div className="interview-page__header">
        <h1>Interview Questions</h1>
        <div className="interview-form__actions">
          {isSignedIn ? <ReviewLink /> : null}
          {isAdmin ? <LinkButton to="/interview/new">New Question</LinkButton> : null}
        </div>
      </div>
      <div className="interview-page__layout">
        <TopicSidebar current={view} />
        <section className="interview-page__main" aria-labelledby="interview-view-title" aria-busy={shown.loading}>
          <h2 id="interview-view-title">
            {title}
            {shown.total > 0 ? <span className="interview-page__count"> ({shown.total})</span> : null}
          </h2>
          {view.kind === 'topic' ? <DifficultyFilter current={view} /> : null}
          {shown.loading ? (
            <p role="status" className="interview-page__status">
              Loading questions…
            </p>
          ) : shown.failed ? (
            <Panel title="The questions could not be loaded" tone="error" actions={<Button onClick={shown.retry}>Try again</Button>}>
              <p>Check your connection and try again.</p>
            </Panel>
          ) : shown.items.length === 0 ? (
            pastTheEnd ? null : <EmptyState view={view} isAdmin={isAdmin} />
          ) : (
            <QuestionList
              items={shown.items}
              total={shown.total}
              page={currentPage}
              onPageChange={(next) => navigate(viewHref(view, next))}
              savedIds={shown.savedIds}
            />
          )}
        </section>
      </div>
    </div>
  );
}
