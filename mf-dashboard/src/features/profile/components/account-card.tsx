import { displayNameProblem, type UserProfile } from '@dblearn/contracts';
import { Button, TextField } from '@dblearn/ui';
import { apiErrorMessage, isClientError, signedOut, toast, useAppDispatch } from '@dblearn/web';
import { useState, type FormEvent } from 'react';
import { useDeleteAccountMutation, useRenameAccountMutation } from '../api/account.js';

/**
 * Issue 36 and issue 30 (Low 7): the learner's display name (what everyone else sees on the forum)
 * with a rename form, the e-mail only they see, and deleting the account with the password.
 */
export function AccountCard({ me }: { me: Pick<UserProfile, 'email' | 'displayName'> }) {
  return (
    <section className="dashboard-card dashboard-account" aria-labelledby="dashboard-account-title">
      <h2 id="dashboard-account-title">Your account</h2>
      <p className="dashboard-account__identity">
        Others see you as <strong className="dashboard-account__name">{me.displayName}</strong>. Your e-mail, <span className="dashboard-account__email">{me.email}</span>,
        is shown to you alone.
      </p>
      <RenameForm current={me.displayName} />
      <DeleteAccount />
    </section>
  );
}

function RenameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const [rename, { isLoading }] = useRenameAccountMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = displayNameProblem(name);
    if (problem) return setError(problem);
    try {
      const profile = await rename({ displayName: name }).unwrap();
      setError(null);
      setName(profile.displayName);
      toast.success(`Your display name is now ${profile.displayName}.`);
    } catch (refusal) {
      // 409 taken, 400 a rule: said under the field; anything else has raised a toast already.
      if (isClientError(refusal)) setError(apiErrorMessage(refusal) ?? 'That name cannot be used.');
    }
  };
  return (
    <form className="dashboard-account__form" aria-label="Change display name" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="nickname"
        value={name}
        error={error}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
      />
      <p className="dashboard-account__hint">3–30 letters, digits, spaces, dots, dashes or underscores.</p>
      <Button type="submit" disabled={isLoading || name.trim() === current}>
        {isLoading ? 'Saving…' : 'Save name'}
      </Button>
    </form>
  );
}

function DeleteAccount() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleteAccount, { isLoading }] = useDeleteAccountMutation();
  const dispatch = useAppDispatch();
  if (!asking) {
    return (
      <div className="dashboard-account__danger">
        <Button variant="danger" onClick={() => setAsking(true)}>
          Delete my account
        </Button>
      </div>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '') return setError('Enter your password to delete your account.');
    try {
      await deleteAccount({ password }).unwrap();
      toast.success('Your account was deleted. Your posts now show "deleted learner".');
      dispatch(signedOut());
    } catch (refusal) {
      if (isClientError(refusal)) setError(apiErrorMessage(refusal) ?? 'The account was not deleted.');
    }
  };
  return (
    <form className="dashboard-account__danger dashboard-account__form" aria-label="Delete account" noValidate onSubmit={(event) => void submit(event)}>
      <p>
        This cannot be undone: your progress goes, and your questions and answers stay, shown as by “deleted learner”. Confirm with your password.
      </p>
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus
        value={password}
        error={error}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(null);
        }}
      />
      <div className="dashboard-account__actions">
        <Button type="submit" variant="danger" disabled={isLoading}>
          {isLoading ? 'Deleting…' : 'Delete my account for good'}
        </Button>
        <Button variant="ghost" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
