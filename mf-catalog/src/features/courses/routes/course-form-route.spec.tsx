import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { markedLines, writeSql } from '../../../../testing/sql-editor.js';

function oneCourse(): CatalogStore {
  return { courses: [course(1)], tutorials: [], projects: [], me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] } };
}

describe('the course form', () => {
  it('checks each field as it changes, shows every error on submit, and keeps Submit disabled while invalid', async () => {
    await renderCatalog('/catalog/addOrEdit/new', oneCourse(), { admin: true });
    const name = await screen.findByLabelText('Courses Name');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    expect(screen.getByText(/its Edit page gives it a practice database/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Practice database' })).not.toBeInTheDocument();

    await userEvent.type(name, 'SQL');
    expect(name).toHaveAccessibleDescription('Courses Name must be 5 to 50 characters long.');
    expect(screen.getByLabelText('Teacher Name')).toHaveAccessibleDescription('');

    await act(async () => {
      fireEvent.submit(name.closest('form')!);
    });
    await waitFor(() => expect(screen.getByLabelText('Teacher Name')).toHaveAccessibleDescription('Teacher Name is required.'));
    expect(screen.getByLabelText('Total Time')).toHaveAccessibleDescription('Total Time is required.');
    expect(screen.getByRole('group', { name: 'Topic' })).toHaveAccessibleDescription('Topic is required.');

    await userEvent.type(name, ' for everyone'.repeat(4));
    expect(name).toHaveAccessibleDescription('Courses Name must be 5 to 50 characters long.');
  });

  it('adds a course and goes back to the list, which shows it', async () => {
    const data = oneCourse();
    const view = await renderCatalog('/catalog/addOrEdit/new', data, { admin: true });
    await userEvent.click(await screen.findByLabelText('Relational Model'));
    await userEvent.type(screen.getByLabelText('Courses Name'), 'Normal forms');
    await userEvent.type(screen.getByLabelText('Teacher Name'), 'Edgar Codd');
    await userEvent.type(screen.getByLabelText('Total Time'), '4 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.path()).toBe('/catalog'));
    expect(await screen.findByRole('article', { name: 'Normal forms' })).toBeInTheDocument();
    expect(data.courses[1]).toMatchObject({ topic: 'rm', name: 'Normal forms', teacher: 'Edgar Codd', length: '4 hours' });
  });

  it('edits a course: Submit turns to Saved after the update, and back to Submit on the next change', async () => {
    const data = oneCourse();
    const view = await renderCatalog(`/catalog/addOrEdit/${oid(1)}`, data, { admin: true });
    const name = await screen.findByLabelText('Courses Name');
    expect(name).toHaveValue('Course number 1');
    expect(screen.getByLabelText('SQL')).toBeChecked();
    await userEvent.clear(name);
    await userEvent.type(name, 'Joins in depth');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(data.courses[0]!.name).toBe('Joins in depth');
    expect(view.calls()).toContain(`PUT /api/course/${oid(1)}`);
    await userEvent.type(name, '!');
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('is not offered to a learner', async () => {
    await renderCatalog('/catalog/addOrEdit/new', oneCourse());
    expect(await screen.findByRole('heading', { name: 'Only admins can edit content' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("gives a course its practice database: the server's 400 names the line under the script and marks it, then a good script saves", async () => {
    const data = oneCourse();
    const view = await renderCatalog(`/catalog/addOrEdit/${oid(1)}`, data, { admin: true });
    const form = await screen.findByRole('form', { name: 'Practice database' });
    expect(await screen.findByText(/This course has no practice database yet/)).toBeInTheDocument();
    expect(within(form).getByLabelText('SQL (SQLite script)')).toBeChecked();
    const save = within(form).getByRole('button', { name: 'Save practice database' });
    expect(save).toBeDisabled();

    const script = await writeSql('Sandbox script', 'CREATE TABLE book (id INTEGER);\nINSERT INTO nowhere VALUES (1);');
    await userEvent.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The sandbox script does not run: Line 2: no such table: nowhere');
    expect(script).toHaveAccessibleDescription(expect.stringContaining('Line 2: no such table: nowhere'));
    expect(script).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(markedLines(form)).toEqual(['INSERT INTO nowhere VALUES (1);']));
    expect(data.sandboxes?.[oid(1)]).toBeUndefined();

    // The next edit unmarks it (the line may no longer be the one).
    await writeSql('Sandbox script', 'CREATE TABLE book (id INTEGER);\nINSERT INTO nowhere VALUES (2);');
    expect(markedLines(form)).toEqual([]);

    await writeSql('Sandbox script', "CREATE TABLE book (id INTEGER);\nINSERT INTO book VALUES (1);");
    await userEvent.click(within(form).getByRole('button', { name: 'Save practice database' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(data.sandboxes?.[oid(1)]).toEqual({ kind: 'sql', source: 'CREATE TABLE book (id INTEGER);\nINSERT INTO book VALUES (1);' });
    expect(view.calls()).toContain(`PUT /api/course/sandbox/${oid(1)}`);
  });

  it('loads the stored practice database, and saves it as MongoDB JSON', async () => {
    const data: CatalogStore = { ...oneCourse(), sandboxes: { [oid(1)]: { kind: 'sql', source: 'CREATE TABLE t (a);' } } };
    await renderCatalog(`/catalog/addOrEdit/${oid(1)}`, data, { admin: true });
    const form = await screen.findByRole('form', { name: 'Practice database' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Sandbox script' })).toHaveTextContent('CREATE TABLE t (a);'));
    await userEvent.click(within(form).getByLabelText('MongoDB (JSON collections)'));
    await writeSql('Sandbox script', '{"books": [{"title": "Dune"}]}');
    await userEvent.click(within(form).getByRole('button', { name: 'Save practice database' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(data.sandboxes?.[oid(1)]).toEqual({ kind: 'mongo', source: '{"books": [{"title": "Dune"}]}' });
  });

  it('edits the hidden variant: optional (derived when empty), its 400 shown and its line marked under it, then saved beside the script', async () => {
    const data: CatalogStore = { ...oneCourse(), sandboxes: { [oid(1)]: { kind: 'sql', source: 'CREATE TABLE t (a);' } } };
    await renderCatalog(`/catalog/addOrEdit/${oid(1)}`, data, { admin: true });
    const form = await screen.findByRole('form', { name: 'Practice database' });
    const hidden = await within(form).findByRole('textbox', { name: 'Hidden variant (optional)' });
    expect(hidden).toHaveAccessibleDescription(/Derived automatically when empty/);
    // Saved without one: none is sent, the server derives it.
    await writeSql('Sandbox script', 'CREATE TABLE t (a);\nINSERT INTO t VALUES (1);', form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save practice database' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(data.sandboxes?.[oid(1)]).toEqual({ kind: 'sql', source: 'CREATE TABLE t (a);\nINSERT INTO t VALUES (1);' });

    await writeSql('Hidden variant (optional)', 'CREATE TABLE t (a);\nINSERT INTO t VALUES (7);\nINSERT INTO nowhere VALUES (8);', form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save practice database' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The hidden variant does not run: Line 3: no such table: nowhere');
    expect(within(form).getByRole('textbox', { name: 'Hidden variant (optional)' })).toHaveAccessibleDescription(expect.stringContaining('Line 3: no such table: nowhere'));
    expect(within(form).getByRole('textbox', { name: 'Sandbox script' })).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(markedLines(form)).toEqual(['INSERT INTO nowhere VALUES (8);']));

    await writeSql('Hidden variant (optional)', 'CREATE TABLE t (a);\nINSERT INTO t VALUES (7);', form);
    await userEvent.click(within(form).getByRole('button', { name: 'Save practice database' }));
    expect(await within(form).findByRole('button', { name: 'Saved' })).toBeInTheDocument();
    expect(data.sandboxes?.[oid(1)]).toEqual({ kind: 'sql', source: 'CREATE TABLE t (a);\nINSERT INTO t VALUES (1);', hiddenSource: 'CREATE TABLE t (a);\nINSERT INTO t VALUES (7);' });
  });

  it('loads a stored hidden variant into its field', async () => {
    const data: CatalogStore = { ...oneCourse(), sandboxes: { [oid(1)]: { kind: 'sql', source: 'CREATE TABLE t (a);', hiddenSource: 'CREATE TABLE t (a);\nINSERT INTO t VALUES (9);' } } };
    await renderCatalog(`/catalog/addOrEdit/${oid(1)}`, data, { admin: true });
    const form = await screen.findByRole('form', { name: 'Practice database' });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Hidden variant (optional)' })).toHaveTextContent('INSERT INTO t VALUES (9);'));
  });
});
