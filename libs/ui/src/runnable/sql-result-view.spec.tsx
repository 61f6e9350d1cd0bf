import { render, screen, within } from '@testing-library/react';
import { MongoResultView } from './mongo-result-view.js';
import { SqlResultView } from './sql-result-view.js';

describe('SqlResultView', () => {
  it('shows nothing before a run', () => {
    const { container } = render(<SqlResultView result={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the columns, the rows and their count, NULL spelt out', () => {
    render(<SqlResultView result={{ kind: 'table', columns: ['id', 'title'], rows: [[1, 'Dune'], [2, null]] }} />);
    expect(screen.getByRole('status')).toHaveTextContent('2 rows');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['id', 'title']);
    expect(within(table).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['1Dune', '2NULL']);
  });

  it('says how many rows of a long result it shows', () => {
    const rows = Array.from({ length: 250 }, (_, index) => [index]);
    render(<SqlResultView result={{ kind: 'table', columns: ['n'], rows }} />);
    expect(screen.getByRole('status')).toHaveTextContent('250 rows (the first 200 shown)');
    expect(screen.getAllByRole('row')).toHaveLength(201);
  });

  it('shows the error as an alert, with the line its statement starts on', () => {
    render(<SqlResultView result={{ kind: 'error', message: 'Line 3: no such table: studnt', line: 3 }} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/^Line 3: no such table: studnt$/);
  });

  it('shows a failure exactly as a mongo block does (one error view for both)', () => {
    const failure = { kind: 'error', message: 'Line 2: the argument of .find() is not valid JSON', line: 2 } as const;
    const sql = render(<SqlResultView result={failure} />).container.innerHTML;
    const mongo = render(<MongoResultView result={failure} />).container.innerHTML;
    expect(sql).toBe(mongo);
    expect(sql).toBe('<p class="dbl-runnable__error" role="alert">Line 2: the argument of .find() is not valid JSON</p>');
  });
});

describe('SqlResultView for several statements', () => {
  it('shows every result in order, each named by its place', () => {
    render(<SqlResultView result={{ kind: 'tables', tables: [{ columns: ['balance'], rows: [[0]] }, { columns: ['balance'], rows: [[50]] }] }} />);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual(['1 row', '1 row']);
    expect(within(screen.getByRole('region', { name: 'Query result 1 of 2' })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['0']);
    expect(within(screen.getByRole('region', { name: 'Query result 2 of 2' })).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['50']);
  });

  it('shows a must-fail example\'s expected refusal as a status, not an alert', () => {
    render(<SqlResultView result={{ kind: 'refused', message: 'Refused as expected: FOREIGN KEY constraint failed' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Refused as expected: FOREIGN KEY constraint failed');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SqlResultView for a first slice of a result', () => {
  it('names the table and counts every row while showing the first few', () => {
    const rows = Array.from({ length: 12 }, (_, index) => [index]);
    render(<SqlResultView result={{ kind: 'table', columns: ['n'], rows }} label="Your result" rowCount={80} shownRows={5} />);
    expect(screen.getByRole('status')).toHaveTextContent('80 rows (the first 5 shown)');
    expect(within(screen.getByRole('region', { name: 'Your result' })).getAllByRole('row')).toHaveLength(6);
  });
});
