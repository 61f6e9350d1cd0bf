import { jest } from '@jest/globals';
import { createAppStore, selectIsSignedIn } from '@dblearn/web';
import { jsonResponse, stubFetch, unsignedToken, type StubbedFetch } from '@dblearn/web/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RegisterForm } from './register-form.js';

let fetchStub: StubbedFetch | undefined;
afterEach(() => {
  fetchStub?.restore();
  localStorage.clear();
});

function renderForm() {
  const store = createAppStore({ token: null, syncAcrossTabs: false });
  const onSignedIn = jest.fn();
  render(
    <Provider store={store}>
      <RegisterForm onSignedIn={onSignedIn} />
    </Provider>,
  );
  return {
    store,
    onSignedIn,
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    skills: screen.getByRole('group', { name: 'Skill' }),
    submit: screen.getByRole('button', { name: 'Register' }),
  };
}

async function fillValid(username: HTMLElement, password: HTMLElement, skill = 'Intermediate') {
  await userEvent.type(username, 'new.learner@dblearn.test');
  await userEvent.type(password, 'correct-horse');
  await userEvent.click(screen.getByLabelText(skill));
}

describe('RegisterForm', () => {
  it('offers the three skills as radios', () => {
    renderForm();
    for (const label of ['Beginner', 'Intermediate', 'Professional']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'radio');
    }
  });

  it('checks each field as it changes', async () => {
    const { username, password, skills } = renderForm();
    await userEvent.type(username, 'abc');
    expect(username).toHaveAccessibleDescription('E-mail must be 5 to 50 characters long.');
    await userEvent.type(password, 'abc');
    expect(password).toHaveAccessibleDescription('Password must be 5 to 255 characters long.');
    expect(skills).toHaveAccessibleDescription('');
  });

  it('shows every error at once on submit, the skill included', async () => {
    const { username, password, skills } = renderForm();
    await act(async () => {
      fireEvent.submit(username.closest('form')!);
    });
    expect(username).toHaveAccessibleDescription('E-mail is required.');
    expect(password).toHaveAccessibleDescription('Password is required.');
    expect(skills).toHaveAccessibleDescription('Skill is required.');
  });

  it('keeps Register disabled until a skill is chosen too', async () => {
    const { username, password, submit } = renderForm();
    await userEvent.type(username, 'new.learner@dblearn.test');
    await userEvent.type(password, 'correct-horse');
    expect(submit).toBeDisabled();
    await userEvent.click(screen.getByLabelText('Professional'));
    expect(submit).toBeEnabled();
  });

  it('registers and signs in with the token from the x-auth-token header', async () => {
    const token = unsignedToken({ email: 'new.learner@dblearn.test', skill: 'intermediate' });
    fetchStub = stubFetch(() =>
      jsonResponse({ _id: 'u2', email: 'new.learner@dblearn.test', skill: 'intermediate', isAdmin: false }, 201, { 'x-auth-token': token }),
    );
    const { username, password, submit, store, onSignedIn } = renderForm();
    await fillValid(username, password);
    await userEvent.click(submit);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [request] = fetchStub.requests;
    expect(new URL(request!.url).pathname).toBe('/api/users');
    expect(await request!.clone().json()).toEqual({ email: 'new.learner@dblearn.test', password: 'correct-horse', skill: 'intermediate' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('shows the server message of a 400 under the username', async () => {
    fetchStub = stubFetch(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'User already registered.' }, 400));
    const { username, password, submit, onSignedIn } = renderForm();
    await fillValid(username, password, 'Beginner');
    await userEvent.click(submit);
    await waitFor(() => expect(username).toHaveAccessibleDescription('User already registered.'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
