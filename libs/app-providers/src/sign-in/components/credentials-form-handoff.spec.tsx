import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CredentialsForm } from './credentials-form.js';

// Nothing loads the rules beforehand here: the form starts as plain fields, as on a first visit.
describe('CredentialsForm before its rules arrive', () => {
  it('shows the fields at once; what was typed, the focus and an Enter count once the rules take over', async () => {
    render(<CredentialsForm kind="register" onSubmit={jest.fn(async () => undefined)} />);
    const plainUsername = screen.getByLabelText('Username');
    expect(screen.getByRole('group', { name: 'Skill' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register' })).toBeDisabled();

    // All before the rules can arrive (they load asynchronously from the first focus).
    plainUsername.focus();
    fireEvent.input(plainUsername, { target: { value: 'abc' } });
    fireEvent.keyDown(plainUsername, { key: 'Enter' });
    expect(plainUsername).toHaveAccessibleDescription('');

    // The Enter asked for every rule: the username's, the password's and the skill's.
    await waitFor(() => expect(screen.getByRole('group', { name: 'Skill' })).toHaveAccessibleDescription('Skill is required.'), { timeout: 10_000 });
    const username = screen.getByLabelText('Username');
    expect(username).toHaveValue('abc');
    expect(username).toHaveAccessibleDescription('E-mail must be 5 to 50 characters long.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required.');
    expect(username).toHaveFocus();

    await userEvent.type(username, 'de@dblearn.test');
    expect(username).toHaveValue('abcde@dblearn.test');
    expect(username).toHaveAccessibleDescription('');
  });
});
