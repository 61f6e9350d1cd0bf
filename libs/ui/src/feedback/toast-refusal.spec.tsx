import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { toastRefusal } from './toast-refusal.js';

/** Toasts load react-toastify on first use: give the dynamic import and the container a moment. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('toastRefusal', () => {
  it("tells a 4xx refusal in the gateway's words", async () => {
    render(<ToastContainer />);
    toastRefusal({ status: 409, data: { statusCode: 409, message: 'A course with that name exists.' } }, 'The course could not be saved.');
    expect(await screen.findByText('A course with that name exists.')).toBeInTheDocument();
    expect(screen.queryByText('The course could not be saved.')).not.toBeInTheDocument();
  });

  it('falls back to the caller’s sentence when the refusal has no message', async () => {
    render(<ToastContainer />);
    toastRefusal({ status: 403, data: null }, 'The question could not be deleted.');
    expect(await screen.findByText('The question could not be deleted.')).toBeInTheDocument();
  });

  it.each([
    ['a 500 answer', { status: 500, data: { message: 'Internal' } }],
    ['no answer at all', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }],
    ['something that is no HTTP error', new Error('boom')],
  ])('shows nothing for %s: the base API already announced it', async (_case, error) => {
    render(<ToastContainer />);
    toastRefusal(error, 'The answer could not be posted.');
    await settle();
    expect(screen.queryByText('The answer could not be posted.')).not.toBeInTheDocument();
    expect(screen.queryByText('Internal')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
