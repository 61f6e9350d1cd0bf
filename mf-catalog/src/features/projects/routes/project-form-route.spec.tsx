import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function oneCourse(): CatalogStore {
  return { courses: [course(1)], tutorials: [], projects: [], me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] } };
}

describe('the project form', () => {
  it('needs a title of 5 to 50 characters and a difficulty; the block is optional', async () => {
    await renderCatalog(`/catalog/${oid(1)}/project/add/new`, oneCourse(), { admin: true });
    const title = await screen.findByLabelText('Title');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.type(title, 'Shop');
    expect(title).toHaveAccessibleDescription('Title must be 5 to 50 characters long.');
    await userEvent.type(title, ' queries');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Beginner'));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Header'), 'x'.repeat(256));
    expect(screen.getByLabelText('Header')).toHaveAccessibleDescription('Header must be at most 255 characters long.');
    expect(submit).toBeDisabled();
  });

  it('creates the project in its course, appends the first block, and the list shows it with its difficulty', async () => {
    const data = oneCourse();
    const view = await renderCatalog(`/catalog/${oid(1)}/project/add/new`, data, { admin: true });
    await userEvent.type(await screen.findByLabelText('Title'), 'Library loans');
    await userEvent.click(screen.getByLabelText('Professional'));
    await userEvent.type(screen.getByLabelText('Header'), 'Your task');
    await userEvent.type(screen.getByLabelText('Detail'), 'Design the tables.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.path()).toBe(`/catalog/${oid(1)}/project`));
    expect(await screen.findByText('PROFESSIONAL')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Library loans/ })).toBeInTheDocument();
    expect(view.calls().filter((call) => call.startsWith('POST') || call.startsWith('PUT'))).toEqual(['POST /api/project', `PUT /api/project/${data.projects[0]!._id}`]);
    expect(data.projects[0]).toMatchObject({ courseId: oid(1), difficulty: 'professional', contents: [{ header: 'Your task', detail: 'Design the tables.' }] });
  });
});
