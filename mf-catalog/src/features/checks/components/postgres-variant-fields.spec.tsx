import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';
import { writeSql } from '../../../../testing/sql-editor.js';

// Issue 32: the check editor's "PostgreSQL variant" section, folded away unless the check has one;
// the server's refusal on PostgreSQL shows on the variant it is about.

const DAYS = "SELECT julianday('2024-01-31') - julianday('2024-01-01') AS days";
const DAYS_POSTGRES = "SELECT DATE '2024-01-31' - DATE '2024-01-01' AS days";

function projectWithAStateCheck(): CatalogStore {
  return {
    courses: [course(1)],
    tutorials: [],
    projects: [{ _id: oid(20), title: 'Library report', difficulty: 'beginner', courseId: oid(1), contents: [], checks: [{ _id: oid(40), kind: 'state', task: 'Index the loans by member.', hintCount: 0 }] }],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
    stored: {
      [oid(40)]: {
        kind: 'state',
        task: 'Index the loans by member.',
        referenceSql: 'CREATE INDEX loan_member ON loan(member_id)',
        verifySql: "SELECT name FROM pragma_index_list('loan')",
        probes: [],
        verifySqlPostgres: "SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid = 'loan'::regclass",
        probesPostgres: [{ sql: "SELECT count(*) FROM pg_index WHERE indrelid = 'loan'::regclass", expect: 'holds' }],
        hints: [],
        explanation: '',
      },
    },
  };
}

describe('the PostgreSQL variant of a check', () => {
  it('shows a state check’s variants open, puts the server’s refusal on the variant, and keeps them through a save', async () => {
    const data = projectWithAStateCheck();
    await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, data, { admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit check 1' }));
    const form = screen.getByRole('form', { name: 'Edit check 1' });
    const section = within(form).getByText('PostgreSQL variant (set)').closest('details')!;
    expect(section).toHaveAttribute('open');
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Verification query on PostgreSQL' })).toHaveTextContent('pg_index'));
    expect(within(section).getByRole('textbox', { name: 'PostgreSQL probe 1' })).toHaveTextContent('count(*)');
    expect(within(section).getByRole('textbox', { name: 'Reference statements on PostgreSQL' })).toHaveTextContent('');

    await writeSql('Verification query on PostgreSQL', "SELECT indexrelid FROM pg_index\nWHERE nope = 'loan'::regclass", section);
    const save = within(form).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    const refusal = /On PostgreSQL: The verification query does not run after the reference on the course's sandbox: Line 1/;
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Verification query on PostgreSQL' })).toHaveAccessibleDescription(refusal));
    expect(within(form).getByRole('textbox', { name: FIELD_VERIFY })).not.toHaveAccessibleDescription(refusal);

    await writeSql('Verification query on PostgreSQL', "SELECT indexrelid FROM pg_index WHERE indrelid = 'loan'::regclass", section);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit check 1' })).not.toBeInTheDocument());
    const fixed = "SELECT indexrelid FROM pg_index WHERE indrelid = 'loan'::regclass";
    const saved = Object.values(data.stored!).find((check) => check.kind === 'state' && check.verifySqlPostgres === fixed);
    expect(saved).toMatchObject({ probesPostgres: [{ sql: expect.stringContaining('pg_index'), expect: 'holds' }] });
    expect(saved).not.toHaveProperty('referenceSqlPostgres');
  });

  it('adds a query check: the section folded, a refusal on PostgreSQL at the reference until a variant is written', async () => {
    const data = projectWithAStateCheck();
    await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, data, { admin: true });
    const form = await screen.findByRole('form', { name: 'Add a check' });
    const section = within(form).getByText('PostgreSQL variant').closest('details')!;
    expect(section).not.toHaveAttribute('open');
    await userEvent.type(within(form).getByLabelText('Task'), 'Days in January, counted by the database.');
    await writeSql('Reference query', DAYS, form);
    const add = within(form).getByRole('button', { name: 'Add check' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    // No variant: the SQLite reference runs on both engines, so PostgreSQL's refusal is about it.
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Reference query' })).toHaveAccessibleDescription(/On PostgreSQL: The reference query does not run/));

    await userEvent.click(within(section).getByText('PostgreSQL variant'));
    await writeSql('Reference on PostgreSQL', "SELECT\n  julianday('2024-01-31') AS days", section);
    await userEvent.click(add);
    await waitFor(() => expect(within(section).getByRole('textbox', { name: 'Reference on PostgreSQL' })).toHaveAccessibleDescription(/On PostgreSQL: The reference query does not run on the course's sandbox: Line 1/));

    await writeSql('Reference on PostgreSQL', DAYS_POSTGRES, section);
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    expect(await screen.findByRole('heading', { name: 'Check 2' })).toBeInTheDocument();
    expect(Object.values(data.stored!)).toContainEqual(expect.objectContaining({ kind: 'query', referenceSql: DAYS, referenceSqlPostgres: DAYS_POSTGRES }));
  });

  it('has no variant section while the check is graded on PostgreSQL only: its own reference runs there', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/add/${oid(20)}`, projectWithAStateCheck(), { admin: true });
    const form = await screen.findByRole('form', { name: 'Add a check' });
    expect(within(form).getByText('PostgreSQL variant')).toBeInTheDocument();
    const only = within(form).getByRole('checkbox', { name: /Graded on PostgreSQL only/ });
    await userEvent.click(only);
    await waitFor(() => expect(within(form).queryByText(/PostgreSQL variant/)).not.toBeInTheDocument());
    await userEvent.click(only);
    expect(await within(form).findByText('PostgreSQL variant')).toBeInTheDocument();
  });
});

const FIELD_VERIFY = 'Verification query';
