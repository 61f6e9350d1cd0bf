import type { ReviewCard } from '@dblearn/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRemote } from '@dblearn/app-providers/testing';
import { makeQuestions, mockGateway, type MockGateway } from '../../../../testing/mock-gateway.js';
import InterviewApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const dueCards = (count: number): ReviewCard[] => makeQuestions(count).map((question) => ({ ...question, due: new Date(Date.now() - 60_000).toISOString(), version: 0 }));

describe('/interview/review', () => {
  it('shows the question, the answer on Space, and grades with 1–4 until nothing is due', async () => {
    const cards = dueCards(3);
    gateway = mockGateway(makeQuestions(3), [], cards);
    await renderRemote(InterviewApp, '/interview/review');
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 1?' })).toBeInTheDocument();
    expect(screen.getByText('3 cards due · 3 in your deck')).toBeInTheDocument();
    expect(screen.queryByText('Answer 1.')).not.toBeInTheDocument();

    await userEvent.keyboard(' ');
    expect(await screen.findByText('Answer 1.')).toBeVisible();
    await userEvent.keyboard('3');
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2?' })).toBeInTheDocument();
    expect(screen.queryByText('Answer 2.')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Show Answer/ }));
    await userEvent.click(screen.getByRole('button', { name: /Easy/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 3?' })).toBeInTheDocument();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('1');
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    const grades = gateway.calls.filter((call) => call === 'POST /api/users/me/review/grade');
    expect(grades).toHaveLength(3);
  });

  it('takes the shown card out of the deck with Remove from deck, and shows the next', async () => {
    gateway = mockGateway(makeQuestions(2), [], dueCards(2));
    await renderRemote(InterviewApp, '/interview/review');
    await screen.findByRole('heading', { level: 2, name: 'Question 1?' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove from deck' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Question 2?' })).toBeInTheDocument();
    expect(screen.getByText('1 card due · 1 in your deck')).toBeInTheDocument();
    expect(gateway.calls.filter((call) => call.startsWith('DELETE /api/users/me/review/'))).toHaveLength(1);
    expect(gateway.review?.map((card) => card._id)).toEqual(['q2']);
  });

  it('ignores the grade keys before the answer is shown', async () => {
    gateway = mockGateway(makeQuestions(1), [], dueCards(1));
    await renderRemote(InterviewApp, '/interview/review');
    await screen.findByRole('heading', { level: 2, name: 'Question 1?' });
    await userEvent.keyboard('4');
    await waitFor(() => expect(gateway!.calls).toContain('GET /api/users/me/review'));
    expect(gateway.calls).not.toContain('POST /api/users/me/review/grade');
    expect(screen.getByRole('button', { name: /Show Answer/ })).toBeInTheDocument();
  });

  it('says the deck is empty and where to find questions', async () => {
    gateway = mockGateway(makeQuestions(2));
    await renderRemote(InterviewApp, '/interview/review');
    expect(await screen.findByText('Your review deck is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse questions' })).toHaveAttribute('href', '/interview');
  });
});

describe('adding to the review deck from /interview', () => {
  it('adds a question with Add to Review', async () => {
    gateway = mockGateway(makeQuestions(2));
    await renderRemote(InterviewApp, '/interview');
    const [first] = await screen.findAllByRole('button', { name: 'Add to Review' });
    await userEvent.click(first!);
    await waitFor(() => expect(gateway!.review?.map((card) => card._id)).toEqual(['q1']));
  });
});
