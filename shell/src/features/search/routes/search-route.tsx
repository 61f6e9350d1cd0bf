import { PAGE_SIZE, SEARCH_KIND_LABELS, SEARCH_KINDS, SEARCH_LIMITS, type SearchKind } from '@dblearn/contracts';
import { Link, useNavigate, useSearchParams } from '@dblearn/web/router';
import { type FormEvent, useEffect, useRef } from 'react';
import { useSearchQuery } from '../api/search.js';
import { Highlighted } from '../components/highlighted.js';
import { resultPath, searchPagePath } from '../lib/result-path.js';
import '../components/search.css';

function isKind(value: string | null): value is SearchKind {
  return value !== null && (SEARCH_KINDS as readonly string[]).includes(value);
}

/** /search?q=…&kind=…&page=…: every result, PAGE_SIZE a page, filtered by kind (issue 22). */
export default function SearchRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_LIMITS.query.max);
  const kindParam = params.get('kind');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const page = Math.min(SEARCH_LIMITS.maxPage, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  // currentData: another page or kind shows nothing of the last one while it loads.
  const { currentData: data, isError, isFetching } = useSearchQuery({ q, kind, page }, { skip: q.length === 0 });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = q ? `Search: ${q} · DBLearn` : 'Search · DBLearn';
  }, [q]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (typed) navigate(searchPagePath(typed, kind));
  };

  const pages = data ? Math.min(SEARCH_LIMITS.maxPage, Math.max(1, Math.ceil(data.total / (data.pageSize || PAGE_SIZE)))) : 1;
  const allCount = data ? Object.values(data.counts).reduce((sum, count) => sum + count, 0) : 0;
  return (
    <section className="search-page" aria-labelledby="search-heading">
      <h1 id="search-heading" ref={heading} tabIndex={-1}>
        {q ? `Results for “${q}”` : 'Search'}
      </h1>
      <form className="search-page__form" role="search" onSubmit={submit}>
        <input key={q} name="q" type="search" aria-label="Search DBLearn" defaultValue={q} maxLength={SEARCH_LIMITS.query.max} required />
        <button type="submit" className="dbl-button">
          Search
        </button>
      </form>
      {q && data ? (
        <nav aria-label="Result kinds">
          <ul className="search-page__kinds">
            <li>
              <Link className="search-page__kind" to={searchPagePath(q)} aria-current={kind ? undefined : 'page'}>
                All ({allCount})
              </Link>
            </li>
            {SEARCH_KINDS.map((each) => (
              <li key={each}>
                <Link className="search-page__kind" to={searchPagePath(q, each)} aria-current={kind === each ? 'page' : undefined}>
                  {SEARCH_KIND_LABELS[each]} ({data.counts[each] ?? 0})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data && data.missing.length > 0 ? (
        <p className="search-page__missing" role="status">
          {data.missing.map((each) => SEARCH_KIND_LABELS[each]).join(', ')} could not be searched right now; these results are without them.
        </p>
      ) : null}
      {isError ? <p role="alert">Search is unavailable right now; try again in a moment.</p> : null}
      {!q ? <p>Type what you are looking for: a keyword, a SQL clause, a question.</p> : null}
      {q && !data && isFetching ? <p role="status">Searching…</p> : null}
      {data && data.items.length === 0 ? <p role="status">No results for “{q}”{kind ? ` among ${SEARCH_KIND_LABELS[kind].toLowerCase()}` : ''}.</p> : null}
      {data && data.items.length > 0 ? (
        <ol className="search-page__results" start={(page - 1) * data.pageSize + 1}>
          {data.items.map((hit) => (
            <li key={hit.id} className="search-page__result">
              <Link to={resultPath(hit)}>
                <Highlighted text={hit.title} marks={hit.titleMarks} />
              </Link>
              <p className="search-page__meta">
                {SEARCH_KIND_LABELS[hit.kind]} · {hit.location}
              </p>
              <p className="search-page__snippet">
                <Highlighted text={hit.snippet.text} marks={hit.snippet.marks} />
              </p>
            </li>
          ))}
        </ol>
      ) : null}
      {data && pages > 1 ? (
        <nav className="search-page__pager" aria-label="Result pages">
          {page > 1 ? <Link to={searchPagePath(q, kind, page - 1)}>Previous</Link> : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <Link to={searchPagePath(q, kind, page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
