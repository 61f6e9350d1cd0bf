import { INVALID_CREDENTIALS_MESSAGE } from '@dblearn/contracts';
import { useLoginMutation } from '../api/login.js';
import { CredentialsForm } from './credentials-form.js';
import { useSignIn } from './use-sign-in.js';

export interface LoginFormProps {
  /** Called once the token is stored and the session has begun. */
  onSignedIn: () => void;
}

/** SPEC §5 "Login": Username (the e-mail) 5–50, Password 5–255, both required. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [login] = useLoginMutation();
  const signIn = useSignIn();
  return (
    <CredentialsForm
      kind="login"
      refusalFallback={INVALID_CREDENTIALS_MESSAGE}
      onSubmit={async ({ email, password }) => {
        const token = await login({ email, password }).unwrap();
        if (signIn(token)) onSignedIn();
      }}
    />
  );
}
