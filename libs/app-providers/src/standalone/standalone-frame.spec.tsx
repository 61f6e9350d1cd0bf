import { createAppStore } from '@dblearn/web';
import { MemoryRouter, unsignedToken } from '@dblearn/web/testing';
import { recordGatewayCalls } from '@dblearn/web/testing/msw';
import { server } from '@dblearn/web/testing/msw-node';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { AppProviders } from '../app-providers.js';
import { loadCredentialsRules } from '../sign-in/components/credentials-form.js';
import { StandaloneFrame } from './standalone-frame.js';

afterEach(() => {
  localStorage.clear();
});

function renderFrame(token: string | null) {
  const store = createAppStore({ token, syncAcrossTabs: false });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <StandaloneFrame title="Q&A">
          <h1>Q&amp;A area</h1>
        </StandaloneFrame>
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

// The sign-in form's rules as once someone has touched it (its hand-over: credentials-form-handoff.spec.tsx).
beforeAll(async () => {
  await loadCredentialsRules();
});

describe('a remote run alone', () => {
  it('asks a visitor to sign in with the shell form before showing the area', async () => {
    const token = unsignedToken({ email: 'alone@dblearn.test' });
    const gateway = recordGatewayCalls();
    server.use(gateway.handler, http.post('/api/auth', () => HttpResponse.text(token)));
    renderFrame(null);
    expect(screen.queryByRole('heading', { name: 'Q&A area' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Username'), 'alone@dblearn.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Q&A area' })).toBeInTheDocument();
    expect(screen.getByText('alone@dblearn.test')).toBeInTheDocument();
    expect(gateway.calls).toEqual(['POST /api/auth']);
  });

  it('shows the area to a signed-in user and signs out from the bar', async () => {
    renderFrame(unsignedToken());
    expect(screen.getByRole('heading', { name: 'Q&A area' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(screen.getByRole('heading', { name: 'Sign in to try Q&A' })).toBeInTheDocument();
  });
});
