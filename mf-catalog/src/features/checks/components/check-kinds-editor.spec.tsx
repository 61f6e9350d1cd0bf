import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { markedLines, writeSql } from '../../../../testing/sql-editor.js';

function projectWithoutChecks(): CatalogStore {
  return {
    courses: [course(1)],
    tutorials: [],
    projects: [{ _id: oid(20), title: 'Keys and loans', difficulty: 'beginner', courseId: oid(1), contents: [], checks: [] }],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    stored: {},
  };
}

const FORM_PATH = `/catalog/${oid(1)}/project/add/${oid(20)}`;

async function addForm() {
  const form = await screen.findByRole('form', { name: 'Add a check' });
  return { form, add: within(form).getByRole('button', { name: 'Add check' }) };
}

describe('the check editor, every kind', () => {
  it('adds a multiple-choice quiz with a hint and an explanation, once an option is marked correct', async () => {
    const data = projectWithoutChecks();
    await renderCatalog(FORM_PATH, data, { admin: true });
    const { form, add } = await addForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Quiz' }));
    expect(within(form).queryByRole('textbox', { name: 'Reference query' })).not.toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'Choice' })).toBeChecked();
    await userEvent.type(within(form).getByLabelText('Task'), 'Which of these are keys of R?');
    await userEvent.type(within(form).getByLabelText('Option 1'), 'AB');
    await userEvent.type(within(form).getByLabelText('Option 2'), 'A');
    await userEvent.click(within(form).getByRole('button', { name: 'Add an option' }));
    await userEvent.type(within(form).getByLabelText('Option 3'), 'BC');
    expect(await within(form).findByText('Mark at least one option as correct.')).toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Option 1 is correct' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Option 3 is correct' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a hint' }));
    await userEvent.type(within(form).getByLabelText('Hint 1'), 'A key determines every attribute.');
    await userEvent.type(within(form).getByLabelText('Explanation (optional)'), 'AB and BC both determine all of R.');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);

    const saved = await screen.findByRole('heading', { name: 'Check 1' });
    const item = saved.closest('li')!;
    expect(item).toHaveTextContent('Quiz');
    expect(within(item).getAllByRole('listitem').map((option) => option.textContent)).toEqual(['AB (correct)', 'A', 'BC (correct)']);
    expect(item).toHaveTextContent('1 hint; an explanation');
    expect(Object.values(data.stored!)).toEqual([
      {
        kind: 'quiz',
        task: 'Which of these are keys of R?',
        quiz: { type: 'choice', options: ['AB', 'A', 'BC'], correct: [0, 2] },
        hints: ['A key determines every attribute.'],
        explanation: 'AB and BC both determine all of R.',
      },
    ]);
    // The learner's view of it: options, several right, no answer.
    expect(data.projects[0]!.checks[0]).toMatchObject({ kind: 'quiz', options: ['AB', 'A', 'BC'], multiple: true, hintCount: 1 });
  });

  it('adds a number quiz and a set quiz, refusing a number that is not one', async () => {
    const data = projectWithoutChecks();
    await renderCatalog(FORM_PATH, data, { admin: true });
    const { form, add } = await addForm();
    await userEvent.click(within(form).getByRole('radio', { name: 'Quiz' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Number' }));
    await userEvent.type(within(form).getByLabelText('Task'), 'How many blocks does the file take?');
    await userEvent.type(within(form).getByLabelText('Answer'), 'many');
    expect(within(form).getByLabelText('Answer')).toHaveAccessibleDescription('Answer must be a number.');
    await userEvent.clear(within(form).getByLabelText('Answer'));
    await userEvent.type(within(form).getByLabelText('Answer'), '12,5');
    await userEvent.clear(within(form).getByLabelText('Tolerance'));
    await userEvent.type(within(form).getByLabelText('Tolerance'), '0.5');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await screen.findByRole('heading', { name: 'Check 1' });

    await userEvent.click(within(form).getByRole('radio', { name: 'Quiz' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Set of items' }));
    await userEvent.type(within(form).getByLabelText('Task'), 'List every candidate key of R.');
    await userEvent.type(within(form).getByLabelText('Answer items'), 'AB, cd');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    await screen.findByRole('heading', { name: 'Check 2' });
    expect(Object.values(data.stored!).map((check) => (check.kind === 'quiz' ? check.quiz : null))).toEqual([
      { type: 'number', answer: 12.5, tolerance: 0.5 },
      { type: 'set', answer: ['AB', 'cd'] },
    ]);
    expect(screen.getByRole('heading', { name: 'Check 1' }).closest('li')).toHaveTextContent('Answer: 12.5 (± 0.5)');
  });

  it('a state check: the verification query’s 400 shows under it with its line marked, a probe’s under that probe', async () => {
    const data = projectWithoutChecks();
    await renderCatalog(FORM_PATH, data, { admin: true });
    const { form, add } = await addForm();
    await userEvent.click(within(form).getByRole('radio', { name: /SQL statements/ }));
    await userEvent.type(within(form).getByLabelText('Task'), 'Refuse enrolments of unknown students.');
    await writeSql('Reference statements', 'CREATE TABLE e2 (student_id REFERENCES student(id))', form);
    await writeSql('Verification query', "SELECT name FROM sqlite_master;\nSELECT nope FROM e2", form);
    await userEvent.click(within(form).getByRole('button', { name: 'Add a probe' }));
    await writeSql('Probe 1', 'INSERT INTO e2 VALUES (999) -- orphan', form);
    expect(within(form).getByRole('radio', { name: 'fail (be refused)' })).toBeChecked();
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    const verify = within(form).getByRole('textbox', { name: 'Verification query' });
    await waitFor(() => expect(verify).toHaveAccessibleDescription(/The verification query does not run after the reference on the course's sandbox: Line 2: no such column: nope/));
    await waitFor(() => expect(markedLines(form)).toEqual(['SELECT nope FROM e2']));

    await writeSql('Verification query', 'SELECT * FROM e2', form);
    await userEvent.click(add);
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Probe 1' })).toHaveAccessibleDescription(/Probe 1 should fail after the reference statements, but it ran\./));
    expect(within(form).getByRole('textbox', { name: 'Verification query' })).not.toHaveAccessibleDescription(/nope/);
    expect(data.projects[0]!.checks).toEqual([]);
  });

  it('a mongo check: a reference failing on the hidden data is shown under it with the line marked; switching kinds keeps the task', async () => {
    const data = projectWithoutChecks();
    await renderCatalog(FORM_PATH, data, { admin: true });
    const { form, add } = await addForm();
    await userEvent.type(within(form).getByLabelText('Task'), 'Find the books published after 2000.');
    // A half-filled quiz does not hold up another kind.
    await userEvent.click(within(form).getByRole('radio', { name: 'Quiz' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'Number' }));
    await userEvent.type(within(form).getByLabelText('Answer'), 'many');
    await userEvent.click(within(form).getByRole('radio', { name: 'MongoDB query' }));
    expect(within(form).getByLabelText('Task')).toHaveValue('Find the books published after 2000.');
    await writeSql('Reference query', 'db.books.find(\n  {"year": {"$gt": 2000}}, {"practice_only": 1})', form);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The reference query does not run on the hidden variant: Line 2: no collection practice_only');
    await waitFor(() => expect(markedLines(form)).toEqual(['  {"year": {"$gt": 2000}}, {"practice_only": 1})']));
    expect(data.projects[0]!.checks).toEqual([]);

    await writeSql('Reference query', 'db.books.find({"year": {"$gt": 2000}})', form);
    await userEvent.click(add);
    const saved = await screen.findByRole('heading', { name: 'Check 1' });
    expect(within(saved.closest('li')!).getByLabelText('MongoDB query example')).toHaveTextContent('db.books.find({"year": {"$gt": 2000}})');
    expect(Object.values(data.stored!)).toEqual([{ kind: 'mongo', task: 'Find the books published after 2000.', referenceQuery: 'db.books.find({"year": {"$gt": 2000}})', hints: [], explanation: '' }]);
  });

  it('edits a quiz in place: its options, correct marks and hints come back; a quiz out of range is refused on its options', async () => {
    const data = projectWithoutChecks();
    data.stored![oid(40)] = { kind: 'quiz', task: 'Which normal form forbids partial dependencies?', quiz: { type: 'choice', options: ['1NF', '2NF'], correct: [1] }, hints: ['Think of composite keys.'], explanation: '' };
    data.projects[0]!.checks = [{ _id: oid(40), kind: 'quiz', task: 'Which normal form forbids partial dependencies?', hintCount: 1, options: ['1NF', '2NF'], multiple: false }];
    await renderCatalog(FORM_PATH, data, { admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit check 1' }));
    const form = screen.getByRole('form', { name: 'Edit check 1' });
    expect(within(form).getByRole('radio', { name: 'Quiz' })).toBeChecked();
    expect(within(form).getByLabelText('Option 2')).toHaveValue('2NF');
    expect(within(form).getByRole('checkbox', { name: 'Option 2 is correct' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Option 1 is correct' })).not.toBeChecked();
    expect(within(form).getByLabelText('Hint 1')).toHaveValue('Think of composite keys.');
    expect(within(form).getByRole('button', { name: 'Add a hint' })).toBeEnabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Add a hint' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add a hint' }));
    expect(within(form).getByRole('button', { name: 'Add a hint' })).toBeDisabled();
    await userEvent.click(within(form).getByRole('button', { name: 'Remove hint 3' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Remove hint 2' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Add an option' }));
    await userEvent.type(within(form).getByLabelText('Option 3'), '3NF');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit check 1' })).not.toBeInTheDocument());
    expect(Object.values(data.stored!).at(-1)).toMatchObject({ quiz: { type: 'choice', options: ['1NF', '2NF', '3NF'], correct: [1] }, hints: ['Think of composite keys.'] });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check 1' }).closest('li')).toHaveTextContent('3NF'));
  });
});
