import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGateway, makeQuestions, type MockGateway } from '../../../../testing/mock-gateway.js';
import { renderRemote } from '@dblearn/app-providers/testing';
import InterviewApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const submit = () => screen.getByRole('button', { name: 'Submit' });

describe('/interview/new', () => {
  it('keeps Submit disabled until topic, question and answer are all given', async () => {
    gateway = mockGateway([]);
    await renderRemote(InterviewApp, '/interview/new', { admin: true });
    expect(screen.getByRole('heading', { level: 1, name: 'New Question' })).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'nosql');
    await userEvent.type(screen.getByLabelText('Question'), 'What does CAP say?');
    expect(submit()).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Answer'), 'Under a partition, choose consistency or availability.');
    expect(submit()).toBeEnabled();
  });

  it('shows a field\'s broken rule as it changes', async () => {
    gateway = mockGateway([]);
    await renderRemote(InterviewApp, '/interview/new', { admin: true });
    await userEvent.type(screen.getByLabelText('Question'), 'Why?');
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('');
    await userEvent.clear(screen.getByLabelText('Question'));
    expect(await screen.findByText('Question is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Question')).toHaveAccessibleDescription('Question is required.');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'sql');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), '');
    expect(await screen.findByText('Topic is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Topic')).toHaveAccessibleDescription('Topic is required.');
  });

  it('adds the question and returns to its topic', async () => {
    gateway = mockGateway([]);
    const area = await renderRemote(InterviewApp, '/interview/new', { admin: true });
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'sql');
    await userEvent.type(screen.getByLabelText('Question'), 'What is a LEFT JOIN?');
    await userEvent.type(screen.getByLabelText('Answer'), 'Every left row, matched or not.');
    // Medium unless the admin picks another.
    expect(screen.getByLabelText('Difficulty')).toHaveValue('medium');
    await userEvent.selectOptions(screen.getByLabelText('Difficulty'), 'easy');
    await userEvent.click(submit());
    await waitFor(() => expect(area.location()).toBe('/interview?topic=sql'));
    expect(gateway.questions).toEqual([expect.objectContaining({ topic: 'sql', question: 'What is a LEFT JOIN?', answer: 'Every left row, matched or not.', difficulty: 'easy' })]);
    expect(await screen.findByRole('heading', { level: 3, name: 'What is a LEFT JOIN?' })).toBeInTheDocument();
    expect(await screen.findByText('Question added.')).toBeInTheDocument();
  });

  it('shows the gateway\'s reason when it refuses, and stays on the form', async () => {
    gateway = mockGateway([]);
    const area = await renderRemote(InterviewApp, '/interview/new', { admin: true });
    gateway.failNext('POST /api/interview', 400, 'Topic must be one of: Basic Concepts, Relational Model, File Organization, NoSQL, SQL.');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'rm');
    await userEvent.type(screen.getByLabelText('Question'), 'Q');
    await userEvent.type(screen.getByLabelText('Answer'), 'A');
    await userEvent.click(submit());
    expect(await screen.findByText(/Topic must be one of/)).toBeInTheDocument();
    expect(area.location()).toBe('/interview/new');
  });

  it('is only for admins', async () => {
    gateway = mockGateway([]);
    await renderRemote(InterviewApp, '/interview/new');
    expect(screen.getByRole('heading', { name: 'Only admins can change interview questions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});

describe('/interview/{id}', () => {
  it('starts from the question and saves the edit', async () => {
    gateway = mockGateway(makeQuestions(3));
    const area = await renderRemote(InterviewApp, '/interview/q2', { admin: true });
    const question = await screen.findByLabelText('Question');
    expect(question).toHaveValue('Question 2?');
    expect(screen.getByLabelText('Topic')).toHaveValue('rm');
    expect(screen.getByLabelText('Answer')).toHaveValue('Answer 2.');
    expect(screen.getByLabelText('Difficulty')).toHaveValue('medium');
    await userEvent.clear(question);
    await userEvent.type(question, 'Question 2, edited?');
    await userEvent.click(submit());
    await waitFor(() => expect(area.location()).toBe('/interview?topic=rm'));
    expect(gateway.calls).toContain('PUT /api/interview/q2');
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 2, edited?' })).toBeInTheDocument();
  });

  it('says when there is no such question', async () => {
    gateway = mockGateway(makeQuestions(1));
    await renderRemote(InterviewApp, '/interview/6560f0c2a1b2c3d4e5f60799', { admin: true });
    expect(await screen.findByRole('heading', { name: 'No such question' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the questions' })).toHaveAttribute('href', '/interview');
  });
});
