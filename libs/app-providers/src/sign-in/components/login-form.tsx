import { INVALID_CREDENTIALS_MESSAGE, type VerifyCredentialsRequest } from '@dblearn/contracts';
import { Button, useRulesForm } from '@dblearn/ui';
import { apiErrorMessage, isClientError } from '@dblearn/web';
import { useLoginMutation } from '../api/login.js';
import { CredentialFields } from './credential-fields.js';
import { emailRules, passwordRules } from './credential-rules.js';
import { useSignIn } from './use-sign-in.js';

export interface LoginFormProps {
  /** Called once the token is stored and the session has begun. */
  onSignedIn: () => void;
}

/** SPEC §5 "Login": Username (the e-mail) 5–50, Password 5–255, both required. */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const [login] = useLoginMutation();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<VerifyCredentialsRequest>({ email: '', password: '' });

  const submit = handleSubmit(async (credentials) => {
    try {
      const token = await login(credentials).unwrap();
      if (signIn(token)) onSignedIn();
    } catch (error) {
      // SPEC §8: a refusal (400/401) is shown under the username; anything else already raised a toast.
      if (isClientError(error)) {
        setError('email', { type: 'server', message: apiErrorMessage(error) ?? INVALID_CREDENTIALS_MESSAGE });
      }
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label="Login">
      <CredentialFields
        email={register('email', emailRules)}
        password={register('password', passwordRules)}
        errors={errors}
        passwordAutoComplete="current-password"
      />
      <Button type="submit" disabled={!isValid || isSubmitting}>
        Login
      </Button>
    </form>
  );
}
