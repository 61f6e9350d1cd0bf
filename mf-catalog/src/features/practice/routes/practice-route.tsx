import { Pagination, Panel, usePagedList } from '@dblearn/ui';
import { useSearchParams } from '@dblearn/web/router';
import { LoadingLine, QueryView } from '../../../lib/query-view.js';
import { PRACTICE_PAGE_SIZE, useGetPracticeCoursesQuery, useGetPracticeQuery } from '../api/get-practice.js';
import { PracticeFilters } from '../components/practice-filters.js';
import { PracticeItem } from '../components/practice-item.js';
import { practiceSearch, readPracticeQuery, type PracticeQuery } from '../utils/practice-query.js';

/** /practice (issue 34): every graded exercise with the learner's status and its acceptance; the filters live in the address. */
export default function PracticeRoute() {
  const [params, setParams] = useSearchParams();
  const query = readPracticeQuery(params);
  // Asked again on each visit: a status changes as the learner solves.
  const exercises = useGetPracticeQuery(query, { refetchOnMountOrArgChange: true });
  const courses = useGetPracticeCoursesQuery();
  const show = (next: PracticeQuery) => setParams(practiceSearch(next));
  const total = exercises.data?.total ?? 0;
  const { currentPage, pastTheEnd } = usePagedList({
    page: query.page,
    total,
    loading: exercises.isLoading,
    pageHref: (page) => `/practice?${practiceSearch({ ...query, page }).toString()}`,
    pageSize: PRACTICE_PAGE_SIZE,
  });
  return (
    <div className="catalog-page practice-page">
      <header className="catalog-page__header">
        <div>
          <h1>Practice</h1>
          <p className="catalog-page__intro">Every graded exercise of every course. Filter by topic, kind or difficulty, find the ones you have not solved yet, and open one to try it.</p>
        </div>
      </header>
      <PracticeFilters key={query.q} query={query} courses={courses.data ?? []} onChange={show} />
      <QueryView query={exercises} what="exercises" back={{ to: '/catalog', label: 'Learning Hub' }} canBeMissing={false}>
        {({ items }) => (
          <section aria-label="Exercises" aria-busy={exercises.isFetching}>
            <p className="practice-page__count" role="status">
              {total === 1 ? '1 exercise' : `${total} exercises`}
            </p>
            {exercises.isFetching ? <LoadingLine what="exercises" /> : null}
            {items.some((item) => item.status === 'unknown') ? <p className="practice-page__note">Your progress cannot be read right now: statuses show as unknown.</p> : null}
            {items.length === 0 && !pastTheEnd ? (
              <Panel title="No exercises match" headingLevel={2}>
                <p>Try fewer filters, or clear them to see every exercise.</p>
              </Panel>
            ) : (
              <ul className="practice-list">
                {items.map((exercise) => (
                  <li key={exercise.checkId}>
                    <PracticeItem exercise={exercise} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination totalItems={total} currentPage={currentPage} pageSize={PRACTICE_PAGE_SIZE} onPageChange={(page) => show({ ...query, page })} label="Exercises, pages" />
          </section>
        )}
      </QueryView>
    </div>
  );
}
