import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function withProject(): CatalogStore {
  return {
    courses: [course(1, { projects: [{ _id: oid(20), title: 'Library database', difficulty: 'intermediate' }, { _id: oid(21), title: 'Shop queries', difficulty: 'beginner' }] })],
    tutorials: [],
    projects: [
      {
        _id: oid(20),
        title: 'Library database',
        difficulty: 'intermediate',
        courseId: oid(1),
        contents: [
          { _id: oid(30), header: 'The tables', detail: 'Write the schema.\n```sql\nCREATE TABLE book (id INTEGER PRIMARY KEY);\n```' },
          { _id: oid(31), header: 'Loans', detail: 'Who borrowed what.' },
        ],
        checks: [],
      },
    ],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
  };
}

describe('a project page', () => {
  it('lets a learner Finish the project and take it back, and the list shows the check mark', async () => {
    const data = withProject();
    const view = await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data);
    expect(await screen.findByRole('heading', { level: 1, name: 'Library database' })).toBeInTheDocument();
    expect(screen.getByText('INTERMEDIATE')).toBeInTheDocument();
    expect(screen.getByLabelText('SQL example')).toHaveTextContent('CREATE TABLE book');

    const finish = await screen.findByRole('button', { name: 'Finish' });
    await waitFor(() => expect(finish).toBeEnabled());
    await userEvent.click(finish);
    const finished = await screen.findByRole('button', { name: /Finished/ });
    expect(finished).toHaveAttribute('aria-pressed', 'true');
    expect(view.calls()).toContain(`POST /api/users/project/${LEARNER._id}`);
    expect(data.me.finishedProject.map((project) => project._id)).toEqual([oid(20)]);

    await waitFor(() => expect(finished).toBeEnabled());
    await userEvent.click(finished);
    expect(await screen.findByRole('button', { name: 'Finish' })).toHaveAttribute('aria-pressed', 'false');
    expect(view.calls()).toContain(`PUT /api/users/project/${LEARNER._id}`);
    expect(data.me.finishedProject).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('shows learners filled check marks for finished projects and difficulties in upper case', async () => {
    const data = withProject();
    data.me.finishedProject = [{ _id: oid(20), title: 'Library database', difficulty: 'intermediate', courseId: oid(1) }];
    await renderCatalog(`/projectLandingPage/${oid(1)}/project`, data);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    await waitFor(() => expect(within(items[0]!).getByRole('img', { name: 'Finished' })).toBeInTheDocument());
    expect(within(items[1]!).getByRole('img', { name: 'Not finished' })).toBeInTheDocument();
    expect(within(items[1]!).getByRole('link')).toHaveAttribute('href', `/projectLandingPage/${oid(1)}/project/${oid(21)}`);
    expect(within(items[1]!).getByText('BEGINNER')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go Back/ })).toHaveAttribute('href', '/projectLandingPage');
  });

  it('gives an admin Edit and a Delete per block, and no Finish', async () => {
    const data = withProject();
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(20)}`, data, { admin: true });
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/catalog/${oid(1)}/project/add/${oid(20)}`);
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('region', { name: 'Loans' })).getByRole('button', { name: /Delete/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Loans' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'The tables' })).toBeInTheDocument();
    expect(data.projects[0]!.contents).toHaveLength(1);
  });

  it('says "not found" for an unknown project', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/${oid(99)}`, withProject());
    expect(await screen.findByRole('heading', { name: 'Project not found' })).toBeInTheDocument();
  });
});
