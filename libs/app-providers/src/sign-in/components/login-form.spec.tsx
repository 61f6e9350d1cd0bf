import { jest } from '@jest/globals';
import { createAppStore, selectUser, type AppStore } from '@dblearn/web';
import { jsonResponse, LEARNER, stubFetch, textResponse, unsignedToken, type StubbedFetch } from '@dblearn/web/testing';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { LoginForm } from './login-form.js';

let fetchStub: StubbedFetch | undefined;
afterEach(() => {
  fetchStub?.restore();
  localStorage.clear();
});

function renderForm() {
  const store: AppStore = createAppStore({ token: null, syncAcrossTabs: false });
  const onSignedIn = jest.fn();
  render(
    <Provider store={store}>
      <LoginForm onSignedIn={onSignedIn} />
      <ToastContainer />
    </Provider>,
  );
  return {
    store,
    onSignedIn,
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Login' }),
  };
}

describe('LoginForm', () => {
  it('starts with the Login button disabled and no errors shown', () => {
    const { submit, username, password } = renderForm();
    expect(submit).toBeDisabled();
    expect(username).toHaveAccessibleDescription('');
    expect(password).toHaveAccessibleDescription('');
  });

  it('checks a field as it changes, and only that field', async () => {
    const { username, password, submit } = renderForm();
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

  it('shows every error at once on submit', async () => {
    const { username, password } = renderForm();
    await act(async () => {
      fireEvent.submit(username.closest('form')!);
    });
    expect(username).toHaveAccessibleDescription('E-mail is required.');
    expect(password).toHaveAccessibleDescription('Password is required.');
  });

  it('shows every error at once when Enter is pressed in an invalid form', async () => {
    const { username, password } = renderForm();
    await userEvent.type(username, 'ada@dblearn.test{Enter}');
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is required.'));
    expect(username).toHaveAccessibleDescription('');
  });

  it('enables Login once both rules hold, signs in with the token the body carries', async () => {
    const token = unsignedToken();
    fetchStub = stubFetch(() => textResponse(token));
    const { username, password, submit, store, onSignedIn } = renderForm();
    await userEvent.type(username, 'learner@dblearn.test');
    await userEvent.type(password, 'correct-horse');
    expect(submit).toBeEnabled();

    await userEvent.click(submit);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    const [request] = fetchStub.requests;
    expect(request!.method).toBe('POST');
    expect(new URL(request!.url).pathname).toBe('/api/auth');
    expect(await request!.clone().json()).toEqual({ email: 'learner@dblearn.test', password: 'correct-horse' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(selectUser(store.getState())).toEqual(LEARNER);
  });

  it.each([
    ['400 with the error envelope', () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'Invalid email or password.' }, 400)],
    ['401 with a text body', () => textResponse('Invalid email or password.', 401)],
  ])('shows the server message of a %s under the username', async (_case, answer) => {
    fetchStub = stubFetch(answer);
    const { username, password, submit, onSignedIn } = renderForm();
    await userEvent.type(username, 'learner@dblearn.test');
    await userEvent.type(password, 'wrong-password');
    await userEvent.click(submit);
    await waitFor(() => expect(username).toHaveAccessibleDescription('Invalid email or password.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(password).toHaveAccessibleDescription('');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();

    // Editing the username clears the refusal and checks the field again.
    await userEvent.type(username, 'x');
    expect(username).toHaveAccessibleDescription('');
  });

  it('raises "Unexpected Error" for an answer outside 4xx and keeps the username clear', async () => {
    fetchStub = stubFetch(() => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Down.' }, 503));
    const { username, password, submit, onSignedIn } = renderForm();
    await userEvent.type(username, 'learner@dblearn.test');
    await userEvent.type(password, 'correct-horse');
    await userEvent.click(submit);
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
