import { createAppStore, selectUser } from '@dblearn/web';
import { jsonResponse, LEARNER, stubFetch, textResponse, unsignedToken, type StubbedFetch } from '@dblearn/web/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadCredentialsRules } from './credentials-form.js';
import { LoginForm } from './login-form.js';
import { renderSignInForm } from './sign-in-form.testing.js';

// The form's own rules are in credentials-form.spec.tsx; here, what Login does with the gateway.
let fetchStub: StubbedFetch | undefined;
beforeAll(async () => {
  await loadCredentialsRules();
});
afterEach(() => {
  fetchStub?.restore();
  localStorage.clear();
});

async function logIn(password = 'correct-horse') {
  const { store, onSignedIn } = renderSignInForm(LoginForm, createAppStore({ token: null, syncAcrossTabs: false }));
  const username = screen.getByLabelText('Username');
  await userEvent.type(username, 'learner@dblearn.test');
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Login' }));
  return { store, onSignedIn, username };
}

describe('LoginForm', () => {
  it('posts the credentials to /auth and signs in with the token the body carries', async () => {
    const token = unsignedToken();
    fetchStub = stubFetch(() => textResponse(token));
    const { store, onSignedIn } = await logIn();

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
    ['401 with no body', () => textResponse('', 401)],
  ])('shows the refusal of a %s under the username', async (_case, answer) => {
    fetchStub = stubFetch(answer);
    const { username, onSignedIn } = await logIn('wrong-password');
    await waitFor(() => expect(username).toHaveAccessibleDescription('Invalid email or password.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('raises "Unexpected Error" for an answer outside 4xx and keeps the username clear', async () => {
    fetchStub = stubFetch(() => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Down.' }, 503));
    const { username, onSignedIn } = await logIn();
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
