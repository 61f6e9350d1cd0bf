import type { CheckAnalysis } from '@dblearn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

const WRONG = "SELECT name FROM member WHERE city = 'London'";

function figures(checkId: string, task: string, tried: number, passRate: number | null, extra: Partial<CheckAnalysis> = {}): CheckAnalysis {
  return {
    checkId,
    projectId: oid(20),
    projectTitle: 'Library report',
    courseId: oid(1),
    courseName: 'Course 1',
    kind: 'query',
    task,
    hintCount: 2,
    tried,
    passed: Math.round((passRate ?? 0) * tried),
    passRate,
    attemptsToPass: [1, 1, 0, 2],
    medianAttempts: 4,
    hintsUnlocked: [5, 3],
    solutionsRevealed: 2,
    failures: [
      { kind: 'missing-rows', count: 6 },
      { kind: 'order', count: 2 },
    ],
    topWrongAnswer: { answer: WRONG, learners: 4, approximate: false },
    wrongAnswers: [
      { answer: WRONG, learners: 4, approximate: false },
      { answer: 'SELECT * FROM member', learners: 2, approximate: true },
    ],
    ...extra,
  };
}

function store(): CatalogStore {
  return {
    courses: [course(1)],
    tutorials: [],
    projects: [
      {
        _id: oid(20),
        title: 'Library report',
        difficulty: 'beginner',
        courseId: oid(1),
        contents: [],
        checks: [
          { _id: oid(40), kind: 'query', task: 'List every member by name.', hintCount: 2 },
          { _id: oid(41), kind: 'query', task: 'Count the loans.', hintCount: 0 },
        ],
      },
    ],
    me: { ...LEARNER, displayName: 'Admin Ada', savedQuestion: [], finishedProject: [], readTutorial: [] },
    references: { [oid(40)]: 'SELECT name FROM member', [oid(41)]: 'SELECT count(*) FROM loan' },
    analysis: {
      [oid(40)]: figures(oid(40), 'List every member by name.', 8, 0.5),
      [oid(42)]: figures(oid(42), 'Another check often tried.', 12, 0.25, { topWrongAnswer: null, failures: [], solutionsRevealed: 0, medianAttempts: 1 }),
    },
  };
}

describe('what each check teaches (issue 34)', () => {
  it('shows how learners did in the check editor: figures, the wrong answers with counts, the failures by kind', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, store(), { admin: true });
    const card = (await screen.findByRole('heading', { name: 'Check 1' })).closest('li')!;
    const panel = await within(card).findByRole('region', { name: 'How learners did' });
    await within(panel).findByText('Tried');
    expect(within(panel).getByText('Tried').nextSibling).toHaveTextContent('8');
    expect(within(panel).getByText('Pass rate').nextSibling).toHaveTextContent('50%');
    expect(within(panel).getByText('Median attempts').nextSibling).toHaveTextContent('4+');
    expect(within(panel).getByText('Hints unlocked').nextSibling).toHaveTextContent('5 · 3');
    await userEvent.click(within(panel).getByText('Most common wrong answers and failures'));
    const answers = within(panel).getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(answers[0]).toHaveTextContent(`4 learners${WRONG}`);
    expect(answers[1]).toHaveTextContent('at least 2 learners');
    expect(within(panel).getByRole('list', { name: 'Failures by kind' })).toHaveTextContent('missing rows6');
    expect(within(panel).getByText(/“4\+” attempts to pass means four or more/)).toBeInTheDocument();

    const quiet = (await screen.findByRole('heading', { name: 'Check 2' })).closest('li')!;
    expect(await within(quiet).findByText('No learner has tried check 2 yet.')).toBeInTheDocument();
  });

  it('lists the checks on /catalog/checks, sorted by the clicked header, each linking to its editor', async () => {
    const view = await renderCatalog('/catalog/checks', store(), { admin: true });
    const table = await screen.findByRole('table');
    // The table is drawn again for each sort: always the current one.
    const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]).toHaveTextContent('Another check often tried.');
    expect(within(rows()[1]!).getByRole('link', { name: 'List every member by name.' })).toHaveAttribute('href', `/catalog/${oid(1)}/project/add/${oid(20)}#check-${oid(40)}`);
    expect(rows()[1]).toHaveTextContent(`Most common wrong answer (4 learners):${WRONG}`);
    expect(rows()[1]).toHaveTextContent('Failures: missing rows 6, row order 2');

    await userEvent.click(within(table).getByRole('button', { name: 'Pass rate' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('List every member by name.'));
    expect(within(screen.getByRole('table')).getByRole('columnheader', { name: /Pass rate/ })).toHaveAttribute('aria-sort', 'descending');
    expect(view.calls()).toEqual(expect.arrayContaining(['GET /api/checks/analysis?sort=passRate&order=desc&page=1&pageSize=20']));
  });

  it('tells a learner the page is for admins', async () => {
    await renderCatalog('/catalog/checks', store());
    expect(await screen.findByRole('heading', { name: 'Only admins can edit content' })).toBeInTheDocument();
  });
});
