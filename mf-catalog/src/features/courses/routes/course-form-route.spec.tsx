import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type FakeData } from '../../../../testing/fake-gateway.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function oneCourse(): FakeData {
  return { courses: [course(1)], tutorials: [], projects: [], me: { ...LEARNER, savedQuestion: [], finishedProject: [], readTutorial: [] } };
}

describe('the course form', () => {
  it('checks each field as it changes, shows every error on submit, and keeps Submit disabled while invalid', async () => {
    await renderCatalog('/catalog/addOrEdit/new', oneCourse(), { admin: true });
    const name = await screen.findByLabelText('Courses Name');
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

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
});
