import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { server } from '@dblearn/web/testing/msw-node';
import { POSTGRES_ONLY_REASON } from '@dblearn/ui';
import { http, HttpResponse } from 'msw';
import type { CheckBody, LearnerCheck } from '../api/check-kinds.js';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { writeSql } from '../../../../testing/sql-editor.js';

const QUERY = oid(40);
const STATE = oid(41);
const MONGO = oid(42);
const CHOICE = oid(43);
const SINGLE = oid(44);
const NUMBER = oid(45);
const SET = oid(46);

const stored: Record<string, CheckBody> = {
  [QUERY]: {
    kind: 'query',
    task: 'List every member by name.',
    referenceSql: 'SELECT name FROM member',
    hints: ['Start from the member table.', 'Only the name column is asked for.', 'No WHERE is needed.'],
    explanation: 'Every member has one row; selecting the name alone lists them all.',
    difficulty: 'easy',
    alternative: { sql: 'SELECT m.name FROM member AS m', tradeoff: 'An alias reads the same here and pays off once a second table joins.' },
  },
  [STATE]: {
    kind: 'state',
    task: 'Move 100 from account 1 to account 2 in one transaction.',
    referenceSql: 'BEGIN; UPDATE account SET balance = balance - 100 WHERE id = 1; UPDATE account SET balance = balance + 100 WHERE id = 2; COMMIT;',
    verifySql: 'SELECT id, balance FROM account ORDER BY id',
    probes: [],
    hints: [],
    explanation: '',
  },
  [MONGO]: { kind: 'mongo', task: 'Find the books published after 2000.', referenceQuery: 'db.books.find({"year": {"$gt": 2000}})', hints: [], explanation: '' },
  [CHOICE]: { kind: 'quiz', task: 'Which of these are keys of R?', quiz: { type: 'choice', options: ['AB', 'A', 'BC'], correct: [0, 2] }, hints: ['A key determines every attribute.'], explanation: 'AB and BC both determine all of R.' },
  [SINGLE]: { kind: 'quiz', task: 'Which normal form forbids partial dependencies?', quiz: { type: 'choice', options: ['1NF', '2NF', '3NF'], correct: [1] }, hints: [], explanation: '' },
  [NUMBER]: { kind: 'quiz', task: 'How many blocks does the file take?', quiz: { type: 'number', answer: 250, tolerance: 0 }, hints: [], explanation: '' },
  [SET]: { kind: 'quiz', task: 'List every candidate key of R.', quiz: { type: 'set', answer: ['AB', 'CD'] }, hints: [], explanation: '' },
};

function learnerView(id: string): LearnerCheck {
  const check = stored[id]!;
  const base = { _id: id, kind: check.kind, task: check.task, hintCount: check.hints.length, ...(check.difficulty ? { difficulty: check.difficulty } : {}) };
  if (check.kind !== 'quiz') return base;
  return check.quiz.type === 'choice' ? { ...base, quizType: 'choice', options: check.quiz.options, multiple: check.quiz.correct.length > 1 } : { ...base, quizType: check.quiz.type };
}

function gradedProject(): CatalogStore {
  return {
    courses: [course(1, { projects: [{ _id: oid(20), title: 'Keys and loans', difficulty: 'beginner' }] })],
    tutorials: [],
    projects: [{ _id: oid(20), title: 'Keys and loans', difficulty: 'beginner', courseId: oid(1), contents: [], checks: Object.keys(stored).map(learnerView) }],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    stored: structuredClone(stored),
  };
}

const PAGE = `/catalog/${oid(1)}/project/${oid(20)}`;
const card = (number: number) => screen.getByRole('region', { name: `Check ${number}` });

describe('a project with every kind of check', () => {
  it('gives each kind its input: SQL editors, a mongo editor, checkboxes, radios, a number and a set', async () => {
    await renderCatalog(PAGE, gradedProject());
    expect(await within(await screen.findByRole('region', { name: 'Check 1' })).findByRole('textbox', { name: 'Your query for check 1' })).toBeInTheDocument();
    expect(within(card(2)).getByRole('textbox', { name: 'Your statements for check 2' })).toHaveAccessibleDescription(/runs your statements in order/);
    expect(within(card(3)).getByRole('textbox', { name: 'Your query for check 3' })).toHaveAccessibleDescription(/db\.<collection>\.find/);
    const choices = within(card(4)).getByRole('group', { name: 'Your answer to check 4' });
    expect(choices).toHaveAccessibleDescription('Choose every option that is right.');
    expect(within(choices).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['0', '1', '2']);
    expect(within(card(5)).getAllByRole('radio').map((radio) => radio.nextSibling?.textContent)).toEqual(['1NF', '2NF', '3NF']);
    expect(within(card(6)).getByRole('textbox', { name: 'Your answer to check 6' })).toHaveAttribute('inputmode', 'decimal');
    expect(within(card(7)).getByRole('textbox', { name: 'Your answer to check 7' })).toHaveAttribute('placeholder', 'e.g. AB, CD');
    expect(within(card(1)).getByText(/This check has 3 hints: one appears after each attempt that does not pass\./)).toBeInTheDocument();
  });

  it('sends a mongo check’s text as `query` and a SQL check’s as `sql` on the learner’s engine (switch on SQL checks only)', async () => {
    const data = gradedProject();
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    await writeSql('Your query for check 3', 'db.books.find({"year": {"$gt": 2000}})');
    await userEvent.click(within(card(3)).getByRole('button', { name: 'Check' }));
    expect(await within(card(3)).findByRole('status')).toHaveTextContent('Passed: your result matches.');
    await writeSql('Your statements for check 2', 'UPDATE account SET balance = 0');
    await userEvent.click(within(card(2)).getByRole('button', { name: 'Check' }));
    expect(await within(card(2)).findByRole('alert')).toHaveTextContent('Not passed: Row 2 differs.');
    expect(data.attempts).toEqual([
      { checkId: MONGO, query: 'db.books.find({"year": {"$gt": 2000}})' },
      { checkId: STATE, sql: 'UPDATE account SET balance = 0', engine: 'postgres' },
    ]);
    expect(within(card(3)).getByText('Passed')).toBeInTheDocument();
    expect(within(card(3)).queryByRole('radiogroup', { name: 'SQL engine' })).toBeNull();
    // The choice is saved on the profile (the shell's PATCH /users/me), and the profile read again says so.
    server.use(http.patch('/api/users/me', async ({ request }) => HttpResponse.json(Object.assign(data.me, await request.json()))));
    await userEvent.click(within(within(card(2)).getByRole('radiogroup', { name: 'SQL engine' })).getByRole('radio', { name: 'SQLite' }));
    await userEvent.click(within(card(2)).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(data.attempts?.at(-1)).toEqual({ checkId: STATE, sql: 'UPDATE account SET balance = 0', engine: 'sqlite' }));
  });
});

describe('a check graded on PostgreSQL only (issue 32)', () => {
  it('offers PostgreSQL only, says why, and sends the attempt there whatever the page chose', async () => {
    const data = gradedProject();
    data.projects[0]!.checks = data.projects[0]!.checks!.map((check) => (check._id === QUERY ? { ...check, engines: ['postgres'] } : check));
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    // The page's engine goes to SQLite from another check's switch.
    server.use(http.patch('/api/users/me', async ({ request }) => HttpResponse.json(Object.assign(data.me, await request.json()))));
    await userEvent.click(within(within(card(2)).getByRole('radiogroup', { name: 'SQL engine' })).getByRole('radio', { name: 'SQLite' }));
    const only = within(card(1)).getByRole('radiogroup', { name: 'SQL engine' });
    expect(within(only).getByRole('radio', { name: 'PostgreSQL' })).toBeChecked();
    expect(within(only).getByRole('radio', { name: 'SQLite' })).toBeDisabled();
    expect(only).toHaveAccessibleDescription(POSTGRES_ONLY_REASON);
    await writeSql('Your query for check 1', 'SELECT name FROM member');
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(data.attempts?.at(-1)).toEqual({ checkId: QUERY, sql: 'SELECT name FROM member', engine: 'postgres' }));
  });
});

describe('hints and the solution', () => {
  it('a hint appears after each failed attempt, and a reload shows the ones earned', async () => {
    const data = gradedProject();
    const first = await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    await writeSql('Your query for check 1', 'SELECT 1');
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Check' }));
    expect(await within(card(1)).findByText('Start from the member table.')).toBeInTheDocument();
    const hints = within(card(1)).getByRole('region', { name: 'Hints' });
    expect(within(hints).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Hint 1: Start from the member table.']);
    expect(within(hints).getByRole('list')).toHaveAttribute('aria-live', 'polite');
    expect(within(card(1)).getByText('2 more hints after another attempt that does not pass.')).toBeInTheDocument();
    expect(within(card(1)).getByText('The solution can be shown after 2 more attempts that do not pass.')).toBeInTheDocument();
    expect(within(card(1)).queryByRole('button', { name: 'Show the solution' })).not.toBeInTheDocument();

    await userEvent.click(within(card(1)).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(within(hints).getAllByRole('listitem')).toHaveLength(2));
    first.gateway.restore();
    first.unmount();

    await renderCatalog(PAGE, data);
    const reloaded = await screen.findByRole('region', { name: 'Check 1' });
    await waitFor(() =>
      expect(within(within(reloaded).getByRole('region', { name: 'Hints' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Hint 1: Start from the member table.',
        'Hint 2: Only the name column is asked for.',
      ]),
    );
    expect(within(reloaded).getByText('The solution can be shown after one more attempt that does not pass.')).toBeInTheDocument();
  });

  it('after three failures the solution is offered, confirmed, shown with its explanation, and a later pass reads as solved with it', async () => {
    const data = gradedProject();
    data.failures = { [QUERY]: 2 };
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    await writeSql('Your query for check 1', 'SELECT 1');
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Check' }));
    const show = await within(card(1)).findByRole('button', { name: 'Show the solution' });
    await userEvent.click(show);
    const confirm = within(card(1)).getByRole('group', { name: 'Show the solution of check 1?' });
    expect(confirm).toHaveTextContent('This is recorded: passing this check afterwards counts as solved with the solution shown.');
    // Cancel steps back without asking the server.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(data.solutionShown).toBeUndefined();
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Show the solution' }));
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Show it' }));
    const solution = await within(card(1)).findByRole('region', { name: 'Solution' });
    expect(solution).toHaveFocus();
    expect(within(solution).getAllByLabelText('SQL example')[0]).toHaveTextContent('SELECT name FROM member');
    expect(solution).toHaveTextContent('Every member has one row; selecting the name alone lists them all.');
    // Issue 33: the exercise's difficulty on its card, and its second solution with the trade-off.
    expect(within(card(1)).getByText('Difficulty: easy')).toBeInTheDocument();
    expect(within(card(2)).queryByText(/Difficulty:/)).not.toBeInTheDocument();
    expect(within(solution).getAllByLabelText('SQL example')[1]).toHaveTextContent('SELECT m.name FROM member AS m');
    expect(solution).toHaveTextContent('Another way');
    expect(solution).toHaveTextContent('An alias reads the same here and pays off once a second table joins.');
    expect(data.solutionShown).toEqual([QUERY]);

    await writeSql('Your query for check 1', 'SELECT name FROM member');
    await userEvent.click(within(card(1)).getByRole('button', { name: 'Check' }));
    expect(await within(card(1)).findByText('Solved with the solution shown')).toBeInTheDocument();
    expect(await screen.findByText('1 of 7 checks passed (1 with the solution shown)')).toBeInTheDocument();
  });

  it('once passed, the solution is shown without asking (nothing is recorded then)', async () => {
    const data = gradedProject();
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    await userEvent.click(within(card(5)).getByRole('radio', { name: '2NF' }));
    await userEvent.click(within(card(5)).getByRole('button', { name: 'Check' }));
    await userEvent.click(await within(card(5)).findByRole('button', { name: 'Show the solution' }));
    expect(within(card(5)).queryByRole('group', { name: 'Show the solution of check 5?' })).not.toBeInTheDocument();
    expect(await within(card(5)).findByRole('region', { name: 'Solution' })).toHaveTextContent('2NF');
    expect(await within(card(5)).findByText('Passed')).toBeInTheDocument();
  });

  it('a quiz’s solution is its answer in words', async () => {
    const data = gradedProject();
    data.failures = { [CHOICE]: 3 };
    data.solutionShown = [CHOICE];
    await renderCatalog(PAGE, data);
    // Shown before: showing it again asks nothing.
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Check 4' })).findByRole('button', { name: 'Show the solution again' }));
    const solution = await within(card(4)).findByRole('region', { name: 'Solution' });
    expect(solution).toHaveTextContent('AB; BC');
    expect(solution).toHaveTextContent('AB and BC both determine all of R.');
  });
});

describe('quiz checks', () => {
  it('a multiple choice passes with every right option, and a wrong pick says how many are wrong', async () => {
    const data = gradedProject();
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    const quiz = card(4);
    await userEvent.click(within(quiz).getByRole('checkbox', { name: 'AB' }));
    await userEvent.click(within(quiz).getByRole('checkbox', { name: 'A' }));
    await userEvent.click(within(quiz).getByRole('button', { name: 'Check' }));
    expect(await within(quiz).findByRole('alert')).toHaveTextContent('Not passed: Not quite: 1 of your choices is wrong and you left out 1 correct option.');
    expect(within(quiz).getByText('A key determines every attribute.')).toBeInTheDocument();
    await userEvent.click(within(quiz).getByRole('checkbox', { name: 'A' }));
    await userEvent.click(within(quiz).getByRole('checkbox', { name: 'BC' }));
    await userEvent.click(within(quiz).getByRole('button', { name: 'Check' }));
    expect(await within(quiz).findByRole('status')).toHaveTextContent('Passed: your answer is right.');
    expect(await within(quiz).findByText('Passed')).toBeInTheDocument();
    expect(data.attempts?.map((body) => body.answer)).toEqual([
      [0, 1],
      [0, 2],
    ]);
  });

  it('a single choice, a number and a set pass, each sent in its shape', async () => {
    const data = gradedProject();
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    await userEvent.click(within(card(5)).getByRole('radio', { name: '2NF' }));
    await userEvent.click(within(card(5)).getByRole('button', { name: 'Check' }));
    expect(await within(card(5)).findByRole('status')).toHaveTextContent('Passed');
    await userEvent.type(within(card(6)).getByRole('textbox', { name: 'Your answer to check 6' }), '250{Enter}');
    expect(await within(card(6)).findByRole('status')).toHaveTextContent('Passed');
    await userEvent.type(within(card(7)).getByRole('textbox', { name: 'Your answer to check 7' }), 'cd , a b{Enter}');
    expect(await within(card(7)).findByRole('status')).toHaveTextContent('Passed');
    expect(data.attempts?.map((body) => body.answer)).toEqual([[1], 250, ['cd', 'a b']]);
    expect(await screen.findByText('3 of 7 checks passed')).toBeInTheDocument();
  });

  it('validates before sending: no option chosen, not a number, an empty set', async () => {
    const view = await renderCatalog(PAGE, gradedProject());
    await screen.findByText('0 of 7 checks passed');
    expect(within(card(5)).getByRole('button', { name: 'Check' })).toBeDisabled();
    const number = within(card(6)).getByRole('textbox', { name: 'Your answer to check 6' });
    await userEvent.type(number, 'lots');
    expect(await within(card(6)).findByRole('alert')).toHaveTextContent('Write a number, e.g. 12 or 3.5.');
    expect(number).toHaveAccessibleDescription('Write a number, e.g. 12 or 3.5.');
    expect(within(card(6)).getByRole('button', { name: 'Check' })).toBeDisabled();
    await userEvent.type(within(card(7)).getByRole('textbox', { name: 'Your answer to check 7' }), ' , {Enter}');
    expect(await within(card(7)).findByRole('alert')).toHaveTextContent('Write at least one item; separate items with commas.');
    expect(view.calls().filter((call) => call.endsWith('/attempts'))).toEqual([]);
  });

  it('without the proposed quizType, one field takes a number or a set: a lone number goes as a number, anything else as items', async () => {
    const data = gradedProject();
    for (const check of data.projects[0]!.checks) delete (check as LearnerCheck).quizType;
    await renderCatalog(PAGE, data);
    await screen.findByText('0 of 7 checks passed');
    const number = within(card(6)).getByRole('textbox', { name: 'Your answer to check 6' });
    expect(within(card(6)).getByText('A number, or a list of items separated by commas.')).toBeInTheDocument();
    await userEvent.type(number, '250{Enter}');
    expect(await within(card(6)).findByRole('status')).toHaveTextContent('Passed');
    await userEvent.type(within(card(7)).getByRole('textbox', { name: 'Your answer to check 7' }), 'AB, CD{Enter}');
    expect(await within(card(7)).findByRole('status')).toHaveTextContent('Passed');
    expect(data.attempts?.map((body) => body.answer)).toEqual([250, ['AB', 'CD']]);
  });
});
