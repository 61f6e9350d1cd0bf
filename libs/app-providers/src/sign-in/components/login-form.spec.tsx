import { createAppStore, selectUser } from '@dblearn/web';
import { LEARNER, unsignedToken } from '@dblearn/web/testing';
import { recordGatewayCalls, refusal } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { loadCredentialsRules } from './credentials-form.js';
import { LoginForm } from './login-form.js';
import { renderSignInForm } from './sign-in-form.testing.js';

// The form's own rules are in credentials-form.spec.tsx; here, what Login does with the gateway.
beforeAll(async () => {
  await loadCredentialsRules();
});
afterEach(() => {
  localStorage.clear();
});

/** POST /auth answered by `answer`; the calls recorded. */
function gatewayAnswersAuth(answer: Parameters<typeof http.post>[1]) {
  const gateway = recordGatewayCalls();
  server.use(gateway.handler, http.post('/api/auth', answer));
  return gateway;
}

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
    const gateway = gatewayAnswersAuth(() => HttpResponse.text(token));
    const { store, onSignedIn } = await logIn();

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(gateway.calls).toEqual(['POST /api/auth']);
    expect(gateway.bodies).toEqual([{ email: 'learner@dblearn.test', password: 'correct-horse' }]);
    expect(localStorage.getItem('token')).toBe(token);
    expect(selectUser(store.getState())).toEqual(LEARNER);
  });

  it.each([
    ['400 with the error envelope', () => refusal(400, 'Invalid email or password.')],
    ['401 with a text body', () => HttpResponse.text('Invalid email or password.', { status: 401 })],
    ['401 with no body', () => HttpResponse.text('', { status: 401 })],
  ])('shows the refusal of a %s under the username', async (_case, answer) => {
    gatewayAnswersAuth(answer);
    const { username, onSignedIn } = await logIn('wrong-password');
    await waitFor(() => expect(username).toHaveAccessibleDescription('Invalid email or password.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('raises "Unexpected Error" for an answer outside 4xx and keeps the username clear', async () => {
    gatewayAnswersAuth(() => refusal(503, 'Down.'));
    const { username, onSignedIn } = await logIn();
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
    expect(username).toHaveAccessibleDescription('');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
