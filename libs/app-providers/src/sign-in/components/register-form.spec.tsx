import { createAppStore, selectIsSignedIn } from '@dblearn/web';
import { unsignedToken } from '@dblearn/web/testing';
import { recordGatewayCalls, refusal } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { loadCredentialsRules } from './credentials-form.js';
import { DISPLAY_NAME_HINT } from './credentials-form-view.js';
import { RegisterForm } from './register-form.js';
import { renderSignInForm } from './sign-in-form.testing.js';

// The form's own rules are in credentials-form.spec.tsx; here, what Register does with the gateway.
beforeAll(async () => {
  await loadCredentialsRules();
});
afterEach(() => {
  localStorage.clear();
});

/** POST /users answered by `answer`; the calls recorded. */
function gatewayAnswersRegister(answer: Parameters<typeof http.post>[1]) {
  const gateway = recordGatewayCalls();
  server.use(gateway.handler, http.post('/api/users', answer));
  return gateway;
}

async function registerAs(skill: string, displayName = '') {
  const { store, onSignedIn } = renderSignInForm(RegisterForm, createAppStore({ token: null, syncAcrossTabs: false }));
  const username = screen.getByLabelText('Username');
  await userEvent.type(username, 'new.learner@dblearn.test');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse');
  if (displayName) await userEvent.type(screen.getByLabelText('Display name (optional)'), displayName);
  await userEvent.click(screen.getByLabelText(skill));
  await userEvent.click(screen.getByRole('button', { name: 'Register' }));
  return { store, onSignedIn, username, name: screen.getByLabelText('Display name (optional)') };
}

const NEW_USER = { _id: 'u2', email: 'new.learner@dblearn.test', skill: 'intermediate', isAdmin: false };

describe('RegisterForm', () => {
  it('posts the account to /users and signs in with the token from the x-auth-token header', async () => {
    const token = unsignedToken({ email: 'new.learner@dblearn.test', skill: 'intermediate' });
    const gateway = gatewayAnswersRegister(() => HttpResponse.json(NEW_USER, { status: 201, headers: { 'x-auth-token': token } }));
    const { store, onSignedIn } = await registerAs('Intermediate');

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    expect(gateway.calls).toEqual(['POST /api/users']);
    expect(gateway.bodies[0]).toEqual({ email: 'new.learner@dblearn.test', password: 'correct-horse', skill: 'intermediate' });
    expect(localStorage.getItem('token')).toBe(token);
    expect(selectIsSignedIn(store.getState())).toBe(true);
  });

  it('sends the display name chosen (issue 36), and shows "taken" under it', async () => {
    const gateway = gatewayAnswersRegister(() => refusal(409, 'That display name is taken.'));
    const { name, username, onSignedIn } = await registerAs('Beginner', 'Ada L');
    await waitFor(() => expect(gateway.bodies).toHaveLength(1));
    expect(gateway.bodies[0]).toEqual({ email: 'new.learner@dblearn.test', password: 'correct-horse', skill: 'beginner', displayName: 'Ada L' });
    await waitFor(() => expect(name).toHaveAccessibleDescription(`${DISPLAY_NAME_HINT} That display name is taken.`));
    expect(username).not.toHaveAccessibleDescription('That display name is taken.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('refuses a display name outside the rules before sending anything', async () => {
    const gateway = gatewayAnswersRegister(() => HttpResponse.json(NEW_USER, { status: 201 }));
    const { name } = await registerAs('Beginner', 'ada@home');
    await waitFor(() => expect(name).toHaveAccessibleDescription(`${DISPLAY_NAME_HINT} Display name may use only letters, digits, spaces, ".", "_" and "-".`));
    expect(gateway.calls).toHaveLength(0);
  });

  it('shows the server message of a 400 under the username', async () => {
    gatewayAnswersRegister(() => refusal(400, 'User already registered.'));
    const { username, onSignedIn } = await registerAs('Beginner');
    await waitFor(() => expect(username).toHaveAccessibleDescription('User already registered.'));
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('raises "Unexpected Error" when the answer hides the token, and does not sign in', async () => {
    gatewayAnswersRegister(() => HttpResponse.json(NEW_USER, { status: 201 }));
    const { store, onSignedIn } = await registerAs('Intermediate');
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(selectIsSignedIn(store.getState())).toBe(false);
  });
});
