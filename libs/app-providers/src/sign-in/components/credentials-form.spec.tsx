import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CredentialsForm, loadCredentialsRules, type CredentialsFormProps } from './credentials-form.js';
import type { CredentialsKind, CredentialsValues } from './credentials-form-view.js';

// The rules are here before the form renders, as once someone has touched a sign-in form
// (credentials-form-handoff.spec.tsx covers what happens before they arrive).
beforeAll(async () => {
  await loadCredentialsRules();
});

const BUTTON = { login: 'Login', register: 'Register' } as const;

function renderForm(kind: CredentialsKind, { refusalFallback, answer }: { refusalFallback?: string; answer?: () => Promise<void> } = {}) {
  const onSubmit = jest.fn<CredentialsFormProps['onSubmit']>(answer ?? (async () => undefined));
  const { unmount } = render(<CredentialsForm kind={kind} onSubmit={onSubmit} refusalFallback={refusalFallback} />);
  return {
    onSubmit,
    unmount,
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: BUTTON[kind] }),
  };
}

async function fillValid(username: HTMLElement, password: HTMLElement) {
  await userEvent.type(username, 'learner@dblearn.test');
  await userEvent.type(password, 'correct-horse');
}

describe('CredentialsForm', () => {
  it.each(['login', 'register'] as const)('%s starts with its button disabled and no errors shown', (kind) => {
    const { submit, username, password } = renderForm(kind);
    expect(submit).toBeDisabled();
    expect(username).toHaveAccessibleDescription('');
    expect(password).toHaveAccessibleDescription('');
  });

  it('asks for a skill (three radios) on Register only', () => {
    const { unmount } = renderForm('register');
    for (const label of ['Beginner', 'Intermediate', 'Professional']) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'radio');
    unmount();
    renderForm('login');
    expect(screen.queryByRole('group', { name: 'Skill' })).toBeNull();
  });

  it('checks a field as it changes, and only that field', async () => {
    const { username, password, submit } = renderForm('login');
    await userEvent.type(username, 'abc');
    expect(username).toHaveAccessibleDescription('E-mail must be 5 to 50 characters long.');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('');
    expect(submit).toBeDisabled();

    await userEvent.clear(username);
    expect(username).toHaveAccessibleDescription('E-mail is required.');

    await userEvent.type(password, 'x'.repeat(256));
    expect(password).toHaveAccessibleDescription('Password must be 5 to 255 characters long.');
  });

  it.each([
    ['login', 2],
    ['register', 3],
  ] as const)('%s shows every error at once on submit (%i fields)', async (kind, _fields) => {
    const { username, password } = renderForm(kind);
    await act(async () => {
      fireEvent.submit(username.closest('form')!);
    });
    expect(username).toHaveAccessibleDescription('E-mail is required.');
    expect(password).toHaveAccessibleDescription('Password is required.');
    if (kind === 'register') expect(screen.getByRole('group', { name: 'Skill' })).toHaveAccessibleDescription('Skill is required.');
  });

  it('shows every error at once when Enter is pressed in an invalid form', async () => {
    const { username, password } = renderForm('login');
    await userEvent.type(username, 'ada@dblearn.test{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is required.'));
    expect(username).toHaveAccessibleDescription('');
  });

  it('sends the login values once both rules hold', async () => {
    const { username, password, submit, onSubmit } = renderForm('login');
    await fillValid(username, password);
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject<Partial<CredentialsValues>>({ email: 'learner@dblearn.test', password: 'correct-horse' });
  });

  it('keeps Register disabled until a skill is chosen too, and sends the skill', async () => {
    const { username, password, submit, onSubmit } = renderForm('register');
    await fillValid(username, password);
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Professional'));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({ email: 'learner@dblearn.test', password: 'correct-horse', skill: 'professional', displayName: '' });
  });

  it("shows a refusal's message under the username; the next edit checks the field again", async () => {
    const refusal = { status: 400, data: { statusCode: 400, error: 'Bad Request', message: 'User already registered.' } };
    const { username, password, submit } = renderForm('login', { answer: () => Promise.reject(refusal) });
    await fillValid(username, password);
    await userEvent.click(submit);
    await waitFor(() => expect(username).toHaveAccessibleDescription('User already registered.'));
    expect(password).toHaveAccessibleDescription('');
    await userEvent.type(username, 'x');
    expect(username).toHaveAccessibleDescription('');
  });

  it('says the fallback for a refusal that carries no message', async () => {
    const { username, password, submit } = renderForm('login', { refusalFallback: 'Invalid email or password.', answer: () => Promise.reject({ status: 401, data: '' }) });
    await fillValid(username, password);
    await userEvent.click(submit);
    await waitFor(() => expect(username).toHaveAccessibleDescription('Invalid email or password.'));
  });

  it('leaves the username clear for a failure outside 4xx (the toast says it)', async () => {
    const { username, password, submit, onSubmit } = renderForm('login', { answer: () => Promise.reject({ status: 503, data: { message: 'Down.' } }) });
    await fillValid(username, password);
    await userEvent.click(submit);
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(username).toHaveAccessibleDescription('');
    expect(submit).toBeEnabled();
  });
});
