import type { PracticeExercise } from '@dblearn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

const exercise = (n: number, fields: Partial<PracticeExercise> = {}): PracticeExercise => ({
  checkId: oid(300 + n),
  projectId: oid(200),
  projectTitle: 'Members report',
  courseId: oid(1),
  courseName: 'Course number 1',
  topic: 'sql',
  kind: 'query',
  task: `Exercise number ${n}`,
  difficulty: 'easy',
  engines: ['sqlite'],
  status: 'new',
  acceptance: null,
  ...fields,
});

function practiceStore(): CatalogStore {
  return {
    courses: [course(1), course(2, { topic: 'nosql' })],
    tutorials: [],
    projects: [],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    practice: [
      exercise(1, { status: 'solved', acceptance: 0.625 }),
      exercise(2, { difficulty: 'hard', kind: 'quiz', engines: [], status: 'attempted' }),
      exercise(3, { difficulty: 'medium', kind: 'mongo', engines: ['mongo'], topic: 'nosql', courseId: oid(2), courseName: 'Course number 2', status: 'solved-with-solution' }),
      ...Array.from({ length: 22 }, (_, i) => exercise(10 + i, { difficulty: 'hard' })),
    ],
  };
}

describe('the practice list', () => {
  it('shows each exercise with clear badges, its acceptance as a percentage and a link to its check', async () => {
    const view = await renderCatalog('/practice', practiceStore());
    const first = within(await screen.findByRole('article', { name: 'Exercise number 1' }));
    expect(first.getByRole('link', { name: 'Exercise number 1' })).toHaveAttribute('href', `/catalog/${oid(1)}/project/${oid(200)}#check-${oid(301)}`);
    expect(first.getByText('Easy')).toBeInTheDocument();
    expect(first.getByText('Query · SQLite')).toBeInTheDocument();
    expect(first.getByText('Solved')).toBeInTheDocument();
    expect(first.getByText('63% acceptance')).toBeInTheDocument();
    const second = within(screen.getByRole('article', { name: 'Exercise number 2' }));
    expect(second.getByText('Quiz')).toBeInTheDocument();
    expect(second.getByText('Attempted')).toBeInTheDocument();
    expect(second.getByText('Acceptance shown after 10 learners')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Exercise number 3' })).getByText('Solved with the solution')).toBeInTheDocument();
    expect(screen.getByText('25 exercises')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(20);
    expect(view.calls()).toContain('GET /api/practice?page=1&pageSize=20');
  });

  it('keeps its filters in the address, so a filtered list can be shared', async () => {
    const view = await renderCatalog('/practice?difficulty=hard&page=2', practiceStore());
    expect(await screen.findByRole('article', { name: 'Exercise number 31' })).toBeInTheDocument();
    expect(view.calls()).toContain('GET /api/practice?difficulty=hard&page=2&pageSize=20');
    expect(screen.getByLabelText('Difficulty')).toHaveValue('hard');

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'quiz');
    await waitFor(() => expect(view.path()).toBe('/practice?kind=quiz&difficulty=hard'));
    expect(await screen.findByRole('article', { name: 'Exercise number 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);

    await userEvent.type(screen.getByLabelText('Search tasks and projects'), 'number 2{Enter}');
    await waitFor(() => expect(view.path()).toBe('/practice?kind=quiz&difficulty=hard&q=number+2'));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.path()).toBe('/practice'));
    expect(await screen.findByRole('article', { name: 'Exercise number 1' })).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    await renderCatalog('/practice?status=solved&topic=rm', practiceStore());
    expect(await screen.findByRole('heading', { name: 'No exercises match' })).toBeInTheDocument();
  });
});
