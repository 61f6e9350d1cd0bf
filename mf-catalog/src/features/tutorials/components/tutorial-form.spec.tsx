import { jest } from '@jest/globals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TutorialForm } from './tutorial-form.js';

describe('the tutorial form', () => {
  it('asks a new tutorial for its name and a first block of at least 5 characters each', async () => {
    const onSave = jest.fn(async () => undefined);
    render(<TutorialForm onSave={onSave} />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.type(screen.getByLabelText('Tutorial Name'), 'x'.repeat(51));
    expect(screen.getByLabelText('Tutorial Name')).toHaveAccessibleDescription('Tutorial Name must be at most 50 characters long.');
    await userEvent.clear(screen.getByLabelText('Tutorial Name'));
    await userEvent.type(screen.getByLabelText('Tutorial Name'), 'Indexes');
    await userEvent.type(screen.getByLabelText('Header'), 'Why');
    expect(screen.getByLabelText('Header')).toHaveAccessibleDescription('Header must be 5 to 255 characters long.');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Header'), ' B-trees');
    await userEvent.type(screen.getByLabelText('Detail'), 'They keep keys sorted.');
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    expect(onSave).toHaveBeenCalledWith({ title: 'Indexes', content: { header: 'Why B-trees', detail: 'They keep keys sorted.' } });
  });

  it('lets an existing tutorial be renamed alone, but a block needs both its parts', async () => {
    const onSave = jest.fn(async () => undefined);
    render(<TutorialForm initialTitle="Indexes" onSave={onSave} />);
    const submit = screen.getByRole('button', { name: 'Submit' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.type(screen.getByLabelText('Detail'), 'A second block.');
    expect(screen.getByLabelText('Header')).toHaveAccessibleDescription('Header is required.');
    expect(submit).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('Detail'));
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.clear(screen.getByLabelText('Tutorial Name'));
    await userEvent.type(screen.getByLabelText('Tutorial Name'), 'Indexes and B-trees');
    await userEvent.click(submit);
    expect(onSave).toHaveBeenCalledWith({ title: 'Indexes and B-trees', content: undefined });
  });
});
