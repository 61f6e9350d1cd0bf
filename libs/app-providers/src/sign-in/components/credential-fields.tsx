import { fieldMessages, TextField } from '@dblearn/ui';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';

export interface CredentialFieldsProps {
  email: UseFormRegisterReturn<'email'>;
  password: UseFormRegisterReturn<'password'>;
  errors: FieldErrors<{ email: string; password: string }>;
  /** "current-password" to sign in, "new-password" to sign up, so password managers do the right thing. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** Username (the e-mail) and Password, as both the Login and the Register form show them. */
export function CredentialFields({ email, password, errors, passwordAutoComplete }: CredentialFieldsProps) {
  return (
    <>
      <TextField
        label="Username"
        type="email"
        autoComplete="username"
        placeholder="you@example.com"
        error={fieldMessages(errors.email)}
        {...email}
      />
      <TextField label="Password" type="password" autoComplete={passwordAutoComplete} error={fieldMessages(errors.password)} {...password} />
    </>
  );
}
