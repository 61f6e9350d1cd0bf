import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { markedLines, pressCtrlEnter, writeSql } from '../../../../testing/sql-editor.js';
import { checkDraftKey } from '../hooks/use-check-draft.js';

const FIRST = oid(40);
const SECOND = oid(41);

function checkedProject(): CatalogStore {
  return {
    courses: [course(1, { projects: [{ _id: oid(20), title: 'Library report', difficulty: 'beginner' }] })],
    tutorials: [],
    projects: [
      {
        _id: oid(20),
        title: 'Library report',
        difficulty: 'beginner',
        courseId: oid(1),
        contents: [{ _id: oid(30), header: 'The library', detail: 'Members borrow books.' }],
        checks: [
          { _id: FIRST, kind: 'query', task: 'List every member by name.', hintCount: 0 },
          { _id: SECOND, kind: 'query', task: 'Count the loans.', hintCount: 0 },
        ],
      },
    ],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    references: { [FIRST]: 'SELECT name FROM member', [SECOND]: 'SELECT count(*) FROM loan' },
  };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('a checked project', () => {
  it('shows each task; a fail gives the reason and the first rows of both results', async () => {
    const view = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, checkedProject());
    expect(await screen.findByRole('region', { name: 'Check 1' })).toHaveTextContent('List every member by name.');
    expect(within(card('Check 2')).getByText('Not passed yet')).toBeInTheDocument();
    expect(await screen.findByText('0 of 2 checks passed')).toBeInTheDocument();
    const finish = screen.getByRole('button', { name: 'Finish' });
    expect(finish).toBeDisabled();
    expect(finish).toHaveAccessibleDescription('Pass every check to finish: 2 checks are left.');

    const check = within(card('Check 1')).getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    await writeSql('Your query for check 1', 'SELECT name FROM member WHERE id < 3');
    await userEvent.click(check);
    expect(await within(card('Check 1')).findByRole('alert')).toHaveTextContent('Not passed: Row 2 differs.');
    const yours = within(card('Check 1')).getByRole('region', { name: 'Your result' });
    expect(within(yours).getAllByRole('row').map((row) => row.textContent)).toEqual(['name', 'Ada', 'Bob']);
    const expected = within(card('Check 1')).getByRole('region', { name: 'Expected result' });
    expect(within(expected).getAllByRole('row').map((row) => row.textContent)).toEqual(['name', 'Ada', 'Edgar']);
    expect(view.calls()).toContain(`POST /api/project/${oid(20)}/attempts`);
  });

  it('passes every check (Ctrl+Enter too), then Finish records the project', async () => {
    const data = checkedProject();
    const view = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    await screen.findByText('0 of 2 checks passed');
    await writeSql('Your query for check 1', 'select name from member;');
    await userEvent.click(within(card('Check 1')).getByRole('button', { name: 'Check' }));
    expect(await within(card('Check 1')).findByRole('status')).toHaveTextContent('Passed: your result matches.');
    expect(await within(card('Check 1')).findByText('Passed')).toBeInTheDocument();
    expect(await screen.findByText('1 of 2 checks passed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toHaveAccessibleDescription('Pass every check to finish: 1 check is left.');

    pressCtrlEnter(await writeSql('Your query for check 2', 'SELECT count(*) FROM loan'));
    expect(await screen.findByText('2 of 2 checks passed')).toBeInTheDocument();
    const finish = screen.getByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish).toBeEnabled());
    await userEvent.click(finish);
    expect(await screen.findByRole('button', { name: /Finished/ })).toHaveAttribute('aria-pressed', 'true');
    expect(data.me.finishedProject.map((project) => project._id)).toEqual([oid(20)]);
    expect(view.calls()).toContain(`POST /api/users/project/${LEARNER._id}`);
  });

  it('remembers passes across a reload, and shows the server’s 409 beside Finish', async () => {
    const data = checkedProject();
    data.passes = [FIRST, SECOND];
    const view = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    expect(await screen.findByText('2 of 2 checks passed')).toBeInTheDocument();
    expect(within(card('Check 1')).getByText('Passed')).toBeInTheDocument();
    // Meanwhile an admin added a check: the server refuses, says so where the learner looks, and the page shows the new check.
    data.projects[0]!.checks.push({ _id: oid(42), kind: 'query', task: 'Members in London.', hintCount: 0 });
    const finish = screen.getByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish).toBeEnabled());
    await userEvent.click(finish);
    expect(await screen.findByRole('alert')).toHaveTextContent('Pass every check of this project before finishing it: 1 check is left: “Members in London.”');
    expect(await screen.findByRole('region', { name: 'Check 3' })).toHaveTextContent('Members in London.');
    expect(await screen.findByText('2 of 3 checks passed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeDisabled();
    expect(data.me.finishedProject).toEqual([]);
    expect(view.calls()).toContain(`GET /api/project/${oid(20)}/passes`);
  });

  it('shows an error with its line, marks that line until the next edit and keeps Check ready', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, checkedProject());
    const content = await writeSql('Your query for check 2', 'SELECT count(*) FROM loan;\nSELECT * FROM nowhere');
    await userEvent.click(within(card('Check 2')).getByRole('button', { name: 'Check' }));
    expect(await within(card('Check 2')).findByRole('alert')).toHaveTextContent('Line 2: no such table: nowhere');
    expect(within(card('Check 2')).queryByRole('region', { name: 'Your result' })).not.toBeInTheDocument();
    expect(within(card('Check 2')).getByRole('button', { name: 'Check' })).toBeEnabled();
    expect(markedLines(card('Check 2'))).toEqual(['SELECT * FROM nowhere']);
    expect(markedLines(card('Check 1'))).toEqual([]);

    await writeSql('Your query for check 2', 'SELECT count(*) FROM loan;\nSELECT * FROM nowhere;');
    expect(markedLines(card('Check 2'))).toEqual([]);
    // The same failure again marks the line again; a fail that names no line marks none.
    pressCtrlEnter(content);
    await waitFor(() => expect(markedLines(card('Check 2'))).toEqual(['SELECT * FROM nowhere;']));
    pressCtrlEnter(await writeSql('Your query for check 2', 'SELECT name FROM member WHERE id < 3'));
    expect(await within(card('Check 2')).findByText(/Row 2 differs/)).toBeInTheDocument();
    expect(markedLines(card('Check 2'))).toEqual([]);
  });
});

describe('the learner’s queries', () => {
  const editorOf = (label: string) => screen.findByRole('textbox', { name: label });

  it('are kept in this browser per learner, project and check, so a reload shows them again', async () => {
    const data = checkedProject();
    localStorage.setItem(checkDraftKey('someone-else', oid(20), FIRST), 'SELECT secret FROM someone_else');
    const first = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    await waitFor(async () => expect((await editorOf('Your query for check 1')).tagName).not.toBe('TEXTAREA'));
    expect((await editorOf('Your query for check 1')).textContent).toBe('');
    await writeSql('Your query for check 1', 'SELECT name\nFROM member');
    // Written after a pause in typing, not on every keystroke.
    expect(localStorage.getItem(checkDraftKey(LEARNER._id, oid(20), FIRST))).toBeNull();
    await waitFor(() => expect(localStorage.getItem(checkDraftKey(LEARNER._id, oid(20), FIRST))).toBe('SELECT name\nFROM member'));
    // Typed just before the reload: written when the page goes.
    await writeSql('Your query for check 2', 'SELECT count(*) FROM lo');
    first.gateway.restore();
    first.unmount();

    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    await waitFor(async () => expect(await editorOf('Your query for check 1')).toHaveTextContent('SELECT nameFROM member'));
    expect(await editorOf('Your query for check 2')).toHaveTextContent('SELECT count(*) FROM lo');
    expect(within(card('Check 1')).getByRole('button', { name: 'Check' })).toBeEnabled();
  });

  it('leave nothing behind once emptied, and ignore a stored text over the 10 kB a query may have', async () => {
    localStorage.setItem(checkDraftKey(LEARNER._id, oid(20), SECOND), `SELECT '${'x'.repeat(10 * 1024)}'`);
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, checkedProject());
    await waitFor(async () => expect((await editorOf('Your query for check 2')).tagName).not.toBe('TEXTAREA'));
    expect((await editorOf('Your query for check 2')).textContent).toBe('');
    await writeSql('Your query for check 1', 'SELECT 1');
    await waitFor(() => expect(localStorage.getItem(checkDraftKey(LEARNER._id, oid(20), FIRST))).toBe('SELECT 1'));
    await writeSql('Your query for check 1', '');
    await waitFor(() => expect(localStorage.getItem(checkDraftKey(LEARNER._id, oid(20), FIRST))).toBeNull());
  });
});

describe('a check deleted while the learner works on it', () => {
  it('is dropped from the page when Check answers 404', async () => {
    const data = checkedProject();
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    await writeSql('Your query for check 2', 'SELECT count(*) FROM loan');
    data.projects[0]!.checks = data.projects[0]!.checks.filter((check) => check._id !== SECOND);
    await userEvent.click(within(card('Check 2')).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Check 2' })).not.toBeInTheDocument());
    expect(screen.getByText('0 of 1 checks passed')).toBeInTheDocument();
  });
});

describe('a project finished before it had checks', () => {
  it('can still be taken back, and Finish then waits for the checks', async () => {
    const data = checkedProject();
    data.me.finishedProject = [{ _id: oid(20), title: 'Library report', difficulty: 'beginner', courseId: oid(1) }];
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    const finished = await screen.findByRole('button', { name: /Finished/ });
    await waitFor(() => expect(finished).toBeEnabled());
    await userEvent.click(finished);
    const finish = await screen.findByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish).toHaveAccessibleDescription('Pass every check to finish: 2 checks are left.'));
    expect(finish).toBeDisabled();
    expect(data.me.finishedProject).toEqual([]);
  });
});
