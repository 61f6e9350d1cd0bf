import type { SearchHit, SearchPage } from '@dblearn/contracts';
import { unsignedToken } from '@dblearn/web/testing';
import { refusal } from '@dblearn/web/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../../testing/render-app.js';

const ID = (n: number) => n.toString(16).padStart(24, '0');

function hit(n: number, fields: Partial<SearchHit>): SearchHit {
  return {
    kind: 'tutorial',
    id: ID(n),
    title: 'Joins',
    titleMarks: [[0, 5]],
    snippet: { text: 'A join combines <b>rows</b>.', marks: [[2, 6]] },
    topic: 'sql',
    location: 'SQL › Querying',
    courseId: ID(99),
    score: 4,
    ...fields,
  };
}

const ANSWER: SearchPage = {
  items: [
    hit(1, {}),
    hit(2, { kind: 'qna', title: 'Why <img src=x onerror=alert(1)> join?', titleMarks: [[33, 37]], location: 'Q&A › SQL', courseId: null }),
    hit(3, { kind: 'course', title: 'Joining tables', titleMarks: [], location: 'SQL', courseId: ID(3) }),
  ],
  total: 3,
  counts: { tutorial: 1, qna: 1, course: 1 },
  page: 1,
  pageSize: 6,
  missing: [],
};

let rendered: Awaited<ReturnType<typeof renderApp>> | undefined;
let asked: URL[] = [];
afterEach(() => {
  rendered = undefined;
  asked = [];
  localStorage.clear();
});

async function renderWithSearch(path: string, answer: (url: URL) => Response = () => HttpResponse.json(ANSWER)) {
  rendered = await renderApp(path, {
    token: unsignedToken(),
    api: [
      http.get('/api/search', ({ request }) => {
        const url = new URL(request.url);
        asked.push(url);
        return answer(url);
      }),
    ],
  });
  return rendered;
}

describe('the navbar search box', () => {
  it('loads on focus, keeps what was typed, asks once the typing settles, and groups the results by kind', async () => {
    const user = userEvent.setup();
    await renderWithSearch('/catalog');
    const placeholder = screen.getByRole('searchbox', { name: 'Search DBLearn' });
    await user.click(placeholder);
    const combobox = await screen.findByRole('combobox', { name: 'Search DBLearn' });
    await waitFor(() => expect(combobox).toHaveFocus());
    await user.type(combobox, 'join');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('group', { name: 'Tutorials' });
    // Debounced: one request for the four keystrokes.
    expect(asked.map((url) => url.searchParams.get('q'))).toEqual(['join']);
    expect(within(list).getAllByRole('group').map((group) => group.getAttribute('aria-labelledby') && within(group).getByRole('presentation').textContent)).toEqual([
      'Courses',
      'Tutorials',
      'Q&A threads',
    ]);
    const qna = within(list).getByRole('option', { name: /Why/ });
    // Markup in a title is text; the matched words are <mark>.
    expect(qna.textContent).toContain('Why <img src=x onerror=alert(1)> join?');
    expect(qna.querySelector('img')).toBeNull();
    expect([...list.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['join', 'Joins', 'join', 'join', 'join']);
  });

  it('moves with the arrow keys, opens the active result with Enter and closes with Escape', async () => {
    const user = userEvent.setup();
    await renderWithSearch('/catalog');
    await user.click(screen.getByRole('searchbox', { name: 'Search DBLearn' }));
    const combobox = await screen.findByRole('combobox', { name: 'Search DBLearn' });
    await user.type(combobox, 'join');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('group', { name: 'Tutorials' });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const tutorial = within(list).getByRole('option', { name: /^Joins/ });
    expect(tutorial).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', tutorial.id);
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(rendered?.path()).toBe(`/catalog/${ID(99)}/tutorial/${ID(1)}`));
  });

  it('opens the results page with Enter when no result is active, and says when search is down', async () => {
    const user = userEvent.setup();
    await renderWithSearch('/catalog', () => refusal(503, 'Search is unavailable right now; try again in a moment.'));
    await user.click(screen.getByRole('searchbox', { name: 'Search DBLearn' }));
    const combobox = await screen.findByRole('combobox', { name: 'Search DBLearn' });
    await user.type(combobox, 'left join');
    expect(await screen.findAllByText('Search is unavailable right now.')).not.toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rendered?.path()).toBe('/search'));
  });
});

describe('the results page', () => {
  it('pages, filters by kind and names the kinds that could not be searched', async () => {
    const user = userEvent.setup();
    await renderWithSearch('/search?q=join', (url) =>
      HttpResponse.json({ ...ANSWER, total: 14, page: Number(url.searchParams.get('page') ?? 1), counts: { tutorial: 8, course: 6 }, missing: ['qna'] }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “join”' })).toBeInTheDocument();
    expect(await screen.findByText(/Q&A threads could not be searched right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Tutorials \(8\)$/ })).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Result pages' });
    expect(pager).toHaveTextContent('Page 1 of 3');
    await user.click(within(pager).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('page')).toBe('2'));
    // The kinds show again once page 2 has arrived (the page keeps nothing of page 1 meanwhile).
    await user.click(await screen.findByRole('link', { name: /^Courses \(6\)$/ }));
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('kind')).toBe('course'));
    await waitFor(() => expect(screen.getByRole('link', { name: /^Courses \(6\)$/ })).toHaveAttribute('aria-current', 'page'));
  });
});
