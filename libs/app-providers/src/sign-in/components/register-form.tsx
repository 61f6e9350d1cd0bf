import type { RegisterRequest, Skill } from '@dblearn/contracts';
import { Button, fieldMessages, RadioGroup, useRulesForm } from '@dblearn/ui';
import { apiErrorMessage, isClientError, notifyUnexpectedError } from '@dblearn/web';
import { useRegisterMutation } from '../api/register.js';
import { CredentialFields } from './credential-fields.js';
import { emailRules, passwordRules, SKILL_OPTIONS, skillRules } from './credential-rules.js';
import { useSignIn } from './use-sign-in.js';

/** The radio group starts with nothing chosen. */
type RegisterValues = Omit<RegisterRequest, 'skill'> & { skill: Skill | '' };

export interface RegisterFormProps {
  onSignedIn: () => void;
}

/** SPEC §5 "Register": Username (the e-mail) 5–50, Password 5–255, a skill chosen. */
export function RegisterForm({ onSignedIn }: RegisterFormProps) {
  const [registerAccount] = useRegisterMutation();
  const signIn = useSignIn();
  const {
    register,
    handleSubmit,
    setError,
    onEnter,
    formState: { errors, isValid, isSubmitting },
  } = useRulesForm<RegisterValues>({ email: '', password: '', skill: '' });

  const submit = handleSubmit(async ({ email, password, skill }) => {
    if (skill === '') return; // the required rule keeps this from happening
    try {
      const { token } = await registerAccount({ email, password, skill }).unwrap();
      if (token === null) {
        // The account exists but the browser cannot read the token: the gateway hides the header.
        notifyUnexpectedError();
        return;
      }
      if (signIn(token)) onSignedIn();
    } catch (error) {
      // SPEC §8: a refusal (the e-mail is taken, a rule broken) is shown under the username.
      if (isClientError(error)) {
        const message = apiErrorMessage(error);
        if (message) setError('email', { type: 'server', message });
      }
    }
  });

  return (
    <form className="auth-form" noValidate onSubmit={submit} onKeyDown={onEnter} aria-label="Register">
      <CredentialFields
        email={register('email', emailRules)}
        password={register('password', passwordRules)}
        errors={errors}
        passwordAutoComplete="new-password"
      />
      <RadioGroup legend="Skill" options={SKILL_OPTIONS} error={fieldMessages(errors.skill)} {...register('skill', skillRules)} />
      <Button type="submit" disabled={!isValid || isSubmitting}>
        Register
      </Button>
    </form>
  );
}
