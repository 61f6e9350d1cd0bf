import { TOTAL_COUNT_HEADER } from '@dblearn/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from '@dblearn/web/testing';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation, useNavigate, useSearchParams } from '@dblearn/web/router';
import { readPage, readTotalCount, toListPage, usePagedList, type ResponseMeta } from './paged-list.js';

const answered = (headers: Record<string, string>): ResponseMeta => ({ response: new Response('[]', { headers }) });

describe('readTotalCount and toListPage', () => {
  it('read X-Total-Count whatever its spelling on the wire', () => {
    expect(readTotalCount(answered({ [TOTAL_COUNT_HEADER]: '17' }))).toBe(17);
    expect(readTotalCount(answered({ 'x-total-count': '0' }))).toBe(0);
    expect(toListPage(['a', 'b'], answered({ 'X-TOTAL-COUNT': '40' }))).toEqual({ items: ['a', 'b'], total: 40 });
  });

  it('fall back to the page itself without a usable header', () => {
    expect(readTotalCount(undefined)).toBeNull();
    expect(readTotalCount({})).toBeNull();
    expect(readTotalCount(answered({}))).toBeNull();
    expect(readTotalCount(answered({ [TOTAL_COUNT_HEADER]: 'many' }))).toBeNull();
    expect(toListPage(['a', 'b', 'c'], answered({}))).toEqual({ items: ['a', 'b', 'c'], total: 3 });
  });
});

describe('readPage', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['topic=sql&page=2', 2],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=1.5', 1],
    ['page=x', 1],
  ])('reads ?%s as page %i', (query, page) => {
    expect(readPage(new URLSearchParams(query))).toBe(page);
  });
});

function List({ total, loading }: { total: number; loading: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const topic = params.get('topic') ?? 'all';
  const { lastPage, currentPage, pastTheEnd } = usePagedList({
    page: readPage(params),
    total,
    loading,
    pageHref: (page) => `/list?topic=${topic}&page=${page}`,
  });
  return (
    <>
      <p>{`at ${location.pathname}${location.search}; page ${currentPage} of ${lastPage}${pastTheEnd ? '; moving' : ''}`}</p>
      <button onClick={() => void navigate(-1)}>Back</button>
    </>
  );
}

function renderList(entry: string, props: { total: number; loading: boolean }) {
  return render(
    <MemoryRouter initialEntries={['/before', entry]} initialIndex={1}>
      <Routes>
        <Route path="/list" element={<List {...props} />} />
        <Route path="/before" element={<p>before</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('usePagedList', () => {
  it('keeps a page inside the list where it is', () => {
    renderList('/list?topic=sql&page=2', { total: 13, loading: false });
    expect(screen.getByText('at /list?topic=sql&page=2; page 2 of 3')).toBeInTheDocument();
  });

  it('moves a page past the end to the last page, keeping the filters, in place of the old address', async () => {
    renderList('/list?topic=sql&page=5', { total: 13, loading: false });
    expect(await screen.findByText('at /list?topic=sql&page=3; page 3 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('before')).toBeInTheDocument();
  });

  it('waits for the total while the list loads, and leaves an empty list on its page', () => {
    const { unmount } = renderList('/list?topic=sql&page=5', { total: 0, loading: true });
    expect(screen.getByText('at /list?topic=sql&page=5; page 1 of 1')).toBeInTheDocument();
    unmount();
    renderList('/list?topic=sql&page=5', { total: 0, loading: false });
    expect(screen.getByText('at /list?topic=sql&page=5; page 1 of 1')).toBeInTheDocument();
  });

  it('says the page is past the end until the address has moved', () => {
    const rendered: string[] = [];
    function Probe() {
      const [params] = useSearchParams();
      const { pastTheEnd } = usePagedList({ page: readPage(params), total: 7, loading: false, pageHref: (page) => `/list?page=${page}` });
      rendered.push(`${params.get('page')}:${pastTheEnd}`);
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/list?page=4']}>
        <Routes>
          <Route path="/list" element={<Probe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(rendered[0]).toBe('4:true');
    expect(rendered.at(-1)).toBe('2:false');
  });
});
