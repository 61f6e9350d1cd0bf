import { Button, Panel, TextField } from '@dblearn/ui';
import { apiErrorMessage, baseApi, signedIn, signedOut, useAppDispatch, useSession } from '@dblearn/web';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

const signInApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    standaloneSignIn: build.mutation<string, { email: string; password: string }>({
      query: (body) => ({ url: '/auth', method: 'POST', body }),
      transformResponse: (body: unknown) => (typeof body === 'string' ? body.trim() : ''),
    }),
  }),
});

/**
 * Only for the standalone page: the shell owns sign-in, but on its own port this page has its own
 * localStorage, so it asks for an account once (POST /auth through the dev server's /api proxy).
 */
export function StandaloneFrame({ children }: { children: ReactNode }) {
  const { isSignedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const [signIn, { isLoading, error }] = signInApi.useStandaloneSignInMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (pathname === '/') return <Navigate to="/interview" replace />;
  if (!isSignedIn) {
    const submit = async (event: FormEvent) => {
      event.preventDefault();
      const token = await signIn({ email, password }).unwrap().catch(() => null);
      if (token) dispatch(signedIn(token));
    };
    return (
      <main style={{ maxWidth: '26rem', margin: '2rem auto', padding: '0 1rem' }}>
        <Panel title="Sign in to run the interview area on its own" headingLevel={1}>
          <form onSubmit={submit}>
            <TextField label="Username" value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="username" />
            <TextField label="Password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
            {error ? <p role="alert">{apiErrorMessage(error) ?? 'Sign-in failed.'}</p> : null}
            <Button type="submit" disabled={isLoading}>
              Login
            </Button>
          </form>
        </Panel>
      </main>
    );
  }
  return (
    <main style={{ maxWidth: '72rem', margin: '0 auto', padding: '1rem' }}>
      <p>
        Standalone interview area, signed in as {user?.email}.{' '}
        <Button variant="ghost" onClick={() => dispatch(signedOut())}>
          Logout
        </Button>
      </p>
      {children}
    </main>
  );
}
