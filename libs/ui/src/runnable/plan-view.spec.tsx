import { render, screen, within } from '@testing-library/react';
import PlanView from './plan-view.js';

describe('PlanView', () => {
  it('draws the plan as nested lists, a sentence under each step', () => {
    render(
      <PlanView
        result={{
          kind: 'plan',
          steps: [
            { id: 2, parent: 0, detail: 'SCAN s' },
            { id: 6, parent: 0, detail: 'CORRELATED SCALAR SUBQUERY 1' },
            { id: 11, parent: 6, detail: 'SEARCH e USING COVERING INDEX e_student (student_id=?)' },
          ],
        }}
      />,
    );
    const plan = screen.getByRole('list', { name: 'Steps of the query plan' });
    const top = within(plan).getAllByRole('listitem').filter((item) => item.parentElement === plan);
    expect(top.map((item) => item.querySelector('code')?.textContent)).toEqual(['SCAN s', 'CORRELATED SCALAR SUBQUERY 1']);
    expect(top[0]).toHaveTextContent('reads every rowReads every row of s');
    const nested = within(top[1]!).getByRole('list');
    expect(within(nested).getByRole('listitem')).toHaveTextContent('SEARCH e USING COVERING INDEX e_student (student_id=?)uses an indexFinds the matching entries through index e_student');
  });

  it('shows a compare-plans block\'s two plans, the right one with its caption, and a statement without a plan in words', () => {
    render(<PlanView result={{ kind: 'plans', before: [{ id: 2, parent: 0, detail: 'SCAN t' }], after: [], caption: 'an index on a' }} />);
    expect(within(screen.getByRole('region', { name: 'Plan before' })).getByRole('listitem')).toHaveTextContent('SCAN t');
    const after = screen.getByRole('region', { name: 'Plan after' });
    expect(after).toHaveTextContent('After: an index on a');
    expect(after).toHaveTextContent('SQLite has no plan to show for this statement');
  });
});
