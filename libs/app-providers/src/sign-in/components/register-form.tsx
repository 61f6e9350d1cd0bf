import { notifyUnexpectedError } from '@dblearn/web';
import { useRegisterMutation } from '../api/register.js';
import { CredentialsForm } from './credentials-form.js';
import { useSignIn } from './use-sign-in.js';

export interface RegisterFormProps {
  onSignedIn: () => void;
}

/** SPEC §5 "Register": Username (the e-mail) 5–50, Password 5–255, a skill chosen; issue 36: a display name, optional. */
export function RegisterForm({ onSignedIn }: RegisterFormProps) {
  const [registerAccount] = useRegisterMutation();
  const signIn = useSignIn();
  return (
    <CredentialsForm
      kind="register"
      onSubmit={async ({ email, password, skill, displayName }) => {
        if (skill === '') return; // the required rule keeps this from happening
        const name = displayName.trim();
        const { token } = await registerAccount({ email, password, skill, ...(name === '' ? {} : { displayName: name }) }).unwrap();
        if (token === null) {
          // The account exists but the browser cannot read the token: the gateway hides the header.
          notifyUnexpectedError();
          return;
        }
        if (signIn(token)) onSignedIn();
      }}
    />
  );
}
