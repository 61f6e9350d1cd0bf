import { Button } from '@dblearn/ui';
import { signedOut, useAppDispatch, useSession } from '@dblearn/web';
import type { ReactNode } from 'react';
import { LoginForm, SignInPage } from '../sign-in/index.js';

export interface StandaloneFrameProps {
  /** What the remote is called (REMOTES[name].title). */
  title: string;
  children: ReactNode;
}

/**
 * Stands in for the shell around a remote run alone: who is signed in and a way out, and the
 * shell's sign-in form until someone signs in (against the gateway the dev server proxies /api to).
 */
export function StandaloneFrame({ title, children }: StandaloneFrameProps) {
  const { user } = useSession();
  const dispatch = useAppDispatch();
  return (
    <div className="standalone">
      <header className="standalone__bar">
        <strong>DBLearn · {title}</strong> <span className="standalone__note">running alone</span>
        {user ? (
          <span className="standalone__user">
            {user.email}{' '}
            <Button variant="secondary" onClick={() => dispatch(signedOut())}>
              Sign out
            </Button>
          </span>
        ) : null}
      </header>
      <main className="standalone__main">
        {user ? (
          children
        ) : (
          <SignInPage heading={`Sign in to try ${title}`}>
            <LoginForm onSignedIn={() => undefined} />
          </SignInPage>
        )}
      </main>
    </div>
  );
}
