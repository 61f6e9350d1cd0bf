import type { CheckFigures } from '@dblearn/contracts';
import type { CheckAnalysisSort } from '@dblearn/contracts/dto';
import { Button, CodeView, Pagination, Panel, readPage, usePagedList } from '@dblearn/ui';
import { Link, useNavigate, useSearchParams } from '@dblearn/web/router';
import { useId } from 'react';
import { AdminOnly } from '../../../lib/admin-only.js';
import { BackLink } from '../../../lib/back-link.js';
import { paths } from '../../../lib/paths.js';
import { LoadingLine } from '../../../lib/query-view.js';
import { CHECK_ANALYSIS_PAGE_SIZE, useGetCheckAnalysisPageQuery } from '../api/get-check-analysis.js';
import { codeLanguage, failureLabel, FIGURES_HELP, hintsText, medianText, passRateText } from '../components/check-figures.js';

/** The sortable columns, in table order, with their headers. */
const SORTS: Record<CheckAnalysisSort, string> = { tried: 'Tried', passRate: 'Pass rate', medianAttempts: 'Median attempts', reveals: 'Solutions revealed' };
const isSort = (value: string | null): value is CheckAnalysisSort => value !== null && value in SORTS;

interface View {
  sort: CheckAnalysisSort;
  order: 'asc' | 'desc';
  page: number;
}

function readView(params: URLSearchParams): View {
  const sort = params.get('sort');
  return { sort: isSort(sort) ? sort : 'tried', order: params.get('order') === 'asc' ? 'asc' : 'desc', page: readPage(params) };
}

const viewHref = ({ sort, order, page }: View) => `${paths.checkAnalysis()}?sort=${sort}&order=${order}${page > 1 ? `&page=${page}` : ''}`;

/** A column header that sorts by its figure: most first, then (clicked again) fewest first. */
function SortHeader({ sort, view }: { sort: CheckAnalysisSort; view: View }) {
  const navigate = useNavigate();
  const active = view.sort === sort;
  const next: View = { sort, order: active && view.order === 'desc' ? 'asc' : 'desc', page: 1 };
  return (
    <th scope="col" aria-sort={active ? (view.order === 'desc' ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="catalog-analysis-table__sort" onClick={() => navigate(viewHref(next))}>
        {SORTS[sort]}
        <span aria-hidden="true">{active ? (view.order === 'desc' ? ' ↓' : ' ↑') : ''}</span>
      </button>
    </th>
  );
}

/** The same sorts as the headers, for a phone where the table's header row is not shown. */
function SortSelect({ view }: { view: View }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="catalog-analysis-table__sort-select">
      <label htmlFor={id}>Sort by</label>
      <select id={id} value={`${view.sort}:${view.order}`} onChange={(event) => {
        const [sort, order] = event.target.value.split(':') as [CheckAnalysisSort, 'asc' | 'desc'];
        navigate(viewHref({ sort, order, page: 1 }));
      }}>
        {(Object.keys(SORTS) as CheckAnalysisSort[]).flatMap((sort) => [
          <option key={`${sort}:desc`} value={`${sort}:desc`}>{SORTS[sort]}, most first</option>,
          <option key={`${sort}:asc`} value={`${sort}:asc`}>{SORTS[sort]}, fewest first</option>,
        ])}
      </select>
    </div>
  );
}

function CheckRow({ figures }: { figures: CheckFigures }) {
  const editor = figures.courseId ? `${paths.projectForm(figures.courseId, figures.projectId)}#check-${figures.checkId}` : null;
  const top = figures.topWrongAnswer;
  return (
    <tr>
      <td data-label="Course">{figures.courseName ?? '—'}</td>
      <td data-label="Project">{figures.projectTitle}</td>
      <td data-label="Task" className="catalog-analysis-table__task">
        {editor ? <Link to={editor}>{figures.task}</Link> : figures.task}
        {top ? (
          <div className="catalog-analysis-table__top">
            <span>
              Most common wrong answer ({top.approximate ? 'at least ' : ''}
              {top.learners} {top.learners === 1 ? 'learner' : 'learners'}):
            </span>
            <CodeView language={codeLanguage(figures.kind)} code={top.answer} />
          </div>
        ) : null}
        {figures.failures.length > 0 ? (
          <p className="catalog-analysis-table__failures">
            Failures: {figures.failures.map((failure) => `${failureLabel(failure.kind)} ${failure.count}`).join(', ')}
          </p>
        ) : null}
      </td>
      <td data-label="Tried">{figures.tried}</td>
      <td data-label="Pass rate">{passRateText(figures)}</td>
      <td data-label="Median attempts">{medianText(figures)}</td>
      <td data-label="Hints unlocked">{hintsText(figures)}</td>
      <td data-label="Solutions revealed">{figures.solutionsRevealed}</td>
    </tr>
  );
}

function CheckAnalysisTable() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = readView(params);
  const list = useGetCheckAnalysisPageQuery(view, { refetchOnMountOrArgChange: true });
  const total = list.currentData?.total ?? 0;
  const loading = list.currentData === undefined && list.isFetching;
  const { currentPage, pastTheEnd } = usePagedList({ page: view.page, total, loading, pageHref: (page) => viewHref({ ...view, page }), pageSize: CHECK_ANALYSIS_PAGE_SIZE });
  if (loading) return <LoadingLine what="checks" />;
  if (list.isError && !list.currentData)
    return (
      <Panel title="The checks could not be loaded" tone="error" actions={<Button onClick={() => void list.refetch()}>Try again</Button>}>
        <p>The server did not answer as expected. Try again in a moment.</p>
      </Panel>
    );
  const items = list.currentData?.items ?? [];
  if (items.length === 0) return pastTheEnd ? null : <p className="catalog-status">No learner has attempted a check yet.</p>;
  return (
    <>
      <SortSelect view={view} />
      <div className="catalog-analysis-table__wrap">
        <table className="catalog-analysis-table">
          <caption className="catalog-analysis-table__caption">
            {total} {total === 1 ? 'check' : 'checks'} attempted, sorted by {SORTS[view.sort].toLowerCase()} ({view.order === 'desc' ? 'most first' : 'fewest first'})
          </caption>
          <thead>
            <tr>
              <th scope="col">Course</th>
              <th scope="col">Project</th>
              <th scope="col">Task</th>
              <SortHeader sort="tried" view={view} />
              <SortHeader sort="passRate" view={view} />
              <SortHeader sort="medianAttempts" view={view} />
              <th scope="col">Hints unlocked</th>
              <SortHeader sort="reveals" view={view} />
            </tr>
          </thead>
          <tbody>
            {items.map((figures) => (
              <CheckRow key={figures.checkId} figures={figures} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination totalItems={total} currentPage={currentPage} pageSize={CHECK_ANALYSIS_PAGE_SIZE} onPageChange={(page) => navigate(viewHref({ ...view, page }))} label="Check pages" />
    </>
  );
}

/** /catalog/checks (admins): every attempted check with its learners' figures, sortable, each linking to its editor. */
export default function CheckAnalysisRoute() {
  return (
    <AdminOnly back={{ to: paths.catalog(), label: 'Learning Hub' }}>
      <div className="catalog-page">
        <BackLink to={paths.catalog()} label="Learning Hub" />
        <h1>What each check teaches</h1>
        <p className="catalog-page__intro">
          A check most learners fail, or fail the same way, may have an unclear task or hidden data that rejects correct answers. {FIGURES_HELP}
        </p>
        <CheckAnalysisTable />
      </div>
    </AdminOnly>
  );
}
