import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { markedLines, writeSql } from '../../../../testing/sql-editor.js';

function projectWithACheck(): CatalogStore {
  return {
    courses: [course(1)],
    tutorials: [],
    projects: [{ _id: oid(20), title: 'Library report', difficulty: 'beginner', courseId: oid(1), contents: [], checks: [{ _id: oid(40), kind: 'query', task: 'List every member by name.', hintCount: 0 }] }],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    references: { [oid(40)]: 'SELECT name FROM member' },
  };
}

describe('the check editor on the project form', () => {
  it('lists the checks with their reference queries, adds one after the server’s 400, and deletes one', async () => {
    const data = projectWithACheck();
    const view = await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, data, { admin: true });
    const first = await screen.findByRole('heading', { name: 'Check 1' });
    const item = first.closest('li')!;
    expect(item).toHaveTextContent('List every member by name.');
    expect(within(item).getByLabelText('SQL example')).toHaveTextContent('SELECT name FROM member');

    const form = screen.getByRole('form', { name: 'Add a check' });
    const add = within(form).getByRole('button', { name: 'Add check' });
    await userEvent.type(within(form).getByLabelText('Task'), 'Short');
    expect(within(form).getByLabelText('Task')).toHaveAccessibleDescription('Task must be 10 to 3000 characters long.');
    await userEvent.type(within(form).getByLabelText('Task'), ' task: count the loans');
    await writeSql('Reference query', 'SELECT count(*) FROM loan;\nSELECT nope FROM loan');
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await within(form).findByRole('alert')).toHaveTextContent("The reference query does not run on the course's sandbox: Line 2: no such column: nope");
    expect(data.projects[0]!.checks).toHaveLength(1);
    await waitFor(() => expect(markedLines(form)).toEqual(['SELECT nope FROM loan']));

    await writeSql('Reference query', 'SELECT count(*) FROM loan');
    await userEvent.click(add);
    expect(await screen.findByRole('heading', { name: 'Check 2' })).toBeInTheDocument();
    expect(data.projects[0]!.checks.map((check) => check.task)).toEqual(['List every member by name.', 'Short task: count the loans']);
    await waitFor(() => expect(within(form).getByLabelText('Task')).toHaveValue(''));

    await userEvent.click(screen.getByRole('button', { name: 'Delete check 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Check 2' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Check 1' }).closest('li')).toHaveTextContent('Short task: count the loans');
    expect(view.calls()).toEqual(expect.arrayContaining([`GET /api/project/check/${oid(20)}`, `PUT /api/project/check/${oid(20)}`, `PUT /api/project/deleteCheck/${oid(20)}`]));
  });

  it('edits a check in its place: the server’s 400 at the query, Cancel, a new wording keeps the id, a new query gets a new one', async () => {
    const data = projectWithACheck();
    data.projects[0]!.checks.push({ _id: oid(41), kind: 'query', task: 'Count the loans of every member.', hintCount: 0 });
    data.references![oid(41)] = 'SELECT member_id, count(*) FROM loan GROUP BY member_id';
    const view = await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, data, { admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit check 1' }));
    const form = screen.getByRole('form', { name: 'Edit check 1' });
    const task = within(form).getByLabelText('Task');
    expect(task).toHaveValue('List every member by name.');
    expect(task).toHaveFocus();
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Reference query' })).toHaveTextContent('SELECT name FROM member'));

    await userEvent.clear(task);
    await userEvent.type(task, 'Every member by name, A to Z.');
    await writeSql('Reference query', 'SELECT nope FROM member', form);
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent("The reference query does not run on the course's sandbox: Line 1: no such column: nope");
    expect(data.projects[0]!.checks[0]).toEqual({ _id: oid(40), kind: 'query', task: 'List every member by name.', hintCount: 0 });
    await waitFor(() => expect(markedLines(form)).toEqual(['SELECT nope FROM member']));
    await writeSql('Reference query', 'SELECT nope FROM member;', form);
    expect(markedLines(form)).toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Edit check 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit check 1' })).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Check 1' }).closest('li')).toHaveTextContent('List every member by name.');

    // A new wording alone: same check id, so learners' passes still count.
    await userEvent.click(screen.getByRole('button', { name: 'Edit check 1' }));
    const again = screen.getByRole('form', { name: 'Edit check 1' });
    await userEvent.clear(within(again).getByLabelText('Task'));
    await userEvent.type(within(again).getByLabelText('Task'), 'Every member by name, A to Z.');
    await userEvent.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit check 1' })).not.toBeInTheDocument());
    // The list settles once the answer's patch and the invalidated refetch have both landed.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Check 1' }).closest('li')).toHaveTextContent('Every member by name, A to Z.'));
    expect(data.projects[0]!.checks[0]).toEqual({ _id: oid(40), kind: 'query', task: 'Every member by name, A to Z.', hintCount: 0 });

    // A new query for the second check: it keeps its place under a new id.
    await userEvent.click(screen.getByRole('button', { name: 'Edit check 2' }));
    const second = screen.getByRole('form', { name: 'Edit check 2' });
    await writeSql('Reference query', 'SELECT member_id, count(*) AS loans FROM loan GROUP BY member_id', second);
    await userEvent.click(within(second).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit check 2' })).not.toBeInTheDocument());
    await waitFor(() => {
      const item = screen.getByRole('heading', { name: 'Check 2' }).closest('li')!;
      expect(within(item).getByLabelText('SQL example')).toHaveTextContent('SELECT member_id, count(*) AS loans FROM loan GROUP BY member_id');
    });
    expect(data.projects[0]!.checks.map((check) => check.task)).toEqual(['Every member by name, A to Z.', 'Count the loans of every member.']);
    expect(data.projects[0]!.checks[1]!._id).not.toBe(oid(41));
    expect(view.calls().filter((call) => call === `PUT /api/project/updateCheck/${oid(20)}`)).toHaveLength(3);
  });

  it('keeps the reference query within 10 kB before asking the server', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, projectWithACheck(), { admin: true });
    const form = await screen.findByRole('form', { name: 'Add a check' });
    await userEvent.type(within(form).getByLabelText('Task'), 'A task that is long enough');
    await writeSql('Reference query', `SELECT '${'x'.repeat(10 * 1024)}'`);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Reference query must be at most 10240 characters long.');
    expect(within(form).getByRole('button', { name: 'Add check' })).toBeDisabled();
  });
});
