import type { PracticeExercise } from '@dblearn/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aloneStore, oid, type CatalogStore } from '../../../../testing/data.js';
import { renderCatalog } from '../../../../testing/render-catalog.js';
import { writeSql } from '../../../../testing/sql-editor.js';

const FIRST = oid(30);
const SECOND = oid(31);

const exercise = (checkId: string, task: string): PracticeExercise => ({
  checkId,
  projectId: oid(20),
  projectTitle: 'Members report',
  courseId: oid(1),
  courseName: 'Querying with SQL',
  topic: 'sql',
  kind: 'query',
  task,
  difficulty: 'easy',
  engines: ['sqlite'],
  status: 'new',
  acceptance: null,
});

/** The project `npm run start:alone` shows, and a second exercise after its check. */
function store(): CatalogStore {
  return { ...aloneStore(), practice: [exercise(FIRST, 'The name of every member in London.'), exercise(SECOND, 'Count the loans.')] };
}

describe('the next exercise on a check’s result', () => {
  it('links a pass to the next unsolved exercise, anchored at its check; a fail offers none', async () => {
    const view = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, store());
    await screen.findByText('0 of 1 checks passed');
    const first = screen.getByRole('region', { name: 'Check 1' });
    expect(first).toHaveAttribute('id', `check-${FIRST}`);
    await writeSql('Your query for check 1', 'SELECT 1');
    await userEvent.click(within(first).getByRole('button', { name: 'Check' }));
    await within(first).findByRole('alert');
    expect(within(first).queryByText(/Next exercise/)).not.toBeInTheDocument();

    await writeSql('Your query for check 1', "SELECT name FROM member WHERE city = 'London'");
    await userEvent.click(within(first).getByRole('button', { name: 'Check' }));
    const next = await within(first).findByRole('link', { name: 'Count the loans.' });
    expect(next).toHaveAttribute('href', `/catalog/${oid(1)}/project/${oid(20)}#check-${SECOND}`);
    expect(within(first).getByText(/Next exercise \(Easy\)/)).toBeInTheDocument();
    expect(view.calls()).toContain(`GET /api/practice/next?after=${FIRST}`);
  });
});
