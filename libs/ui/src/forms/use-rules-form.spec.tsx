import { jest } from '@jest/globals';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRulesForm } from './use-rules-form.js';

interface Values {
  email: string;
}

function EmailForm({ onSubmit }: { onSubmit: (values: Values) => void }) {
  const form = useRulesForm<Values>({ email: '' });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} onKeyDown={form.onEnter} noValidate>
      <label htmlFor="email">E-mail</label>
      <input id="email" {...form.register('email', { required: 'E-mail is required.' })} />
      {form.formState.errors.email ? <p role="alert">{form.formState.errors.email.message}</p> : null}
      <button type="submit" disabled={!form.formState.isValid}>
        Log in
      </button>
    </form>
  );
}

describe('useRulesForm: Enter in a field', () => {
  it('submits when the keystroke just before Enter made the form valid (isValid not re-rendered yet)', async () => {
    const onSubmit = jest.fn();
    render(<EmailForm onSubmit={onSubmit} />);
    const field = screen.getByLabelText('E-mail');
    // Autofill then Enter: the change and the Enter arrive before the form re-renders as valid.
    fireEvent.change(field, { target: { value: 'ana@example.org' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ email: 'ana@example.org' });
  });

  it('shows every broken rule and submits nothing while the form is invalid', async () => {
    const onSubmit = jest.fn();
    render(<EmailForm onSubmit={onSubmit} />);
    fireEvent.keyDown(screen.getByLabelText('E-mail'), { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail is required.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
