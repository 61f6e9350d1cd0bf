import { DEADLINE_PASSED_MESSAGE, QNA_MESSAGES, type QnaQuestion } from '@dblearn/contracts';
import { renderRemote } from '@dblearn/app-providers/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorOf, LEARNER_NAME, mockGateway, makeQuestions, OTHER, type MockGateway } from '../../../../testing/mock-gateway.js';
import QnaApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const MARKUP = '<img src=x onerror=alert(1)> and <script>alert(2)</script>';

function thread(author: string): QnaQuestion {
  const [question] = makeQuestions(1, author);
  return {
    ...question!,
    description: MARKUP,
    replies: [
      { _id: 'r-other', ...authorOf(OTHER), reply: 'An answer by someone else.', datePosted: '2026-11-02T10:00:00.000Z' },
      { _id: 'r-mine', ...authorOf(LEARNER_NAME), reply: 'An answer by the learner.', datePosted: '2026-11-03T10:00:00.000Z' },
    ],
  };
}

const answers = () => screen.getByRole('region', { name: /Answers/ });

describe('/qna/{id}', () => {
  it('shows author, date, topic, title and the description as text, never as markup', async () => {
    gateway = mockGateway([thread(OTHER)]);
    const { container } = await renderRemote(QnaApp, '/qna/q1');
    const question = await screen.findByRole('article', { name: 'Question number 1' });
    expect(question).toHaveTextContent(`${OTHER} · 1 Nov 2026 · Basic Concepts`);
    expect(within(question).getByText(MARKUP)).toBeInTheDocument();
    expect(container.querySelector('img, script')).toBeNull();
    expect(within(answers()).getByText('An answer by someone else.')).toBeInTheDocument();
  });

  it('gives another learner no edit or delete controls except on their own answer', async () => {
    gateway = mockGateway([thread(OTHER)]);
    await renderRemote(QnaApp, '/qna/q1');
    const question = await screen.findByRole('article', { name: 'Question number 1' });
    expect(within(question).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(question).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(answers()).getAllByRole('button', { name: /Delete/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      `Delete the answer by ${LEARNER_NAME}`,
    ]);
  });

  it('lets the author edit and delete the question, and delete their own answer only', async () => {
    gateway = mockGateway([thread(LEARNER_NAME)]);
    const area = await renderRemote(QnaApp, '/qna/q1');
    const question = await screen.findByRole('article', { name: 'Question number 1' });
    expect(within(question).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/qna/edit/q1');
    expect(within(answers()).getAllByRole('button', { name: /Delete/ })).toHaveLength(1);

    await userEvent.click(within(answers()).getByRole('button', { name: `Delete the answer by ${LEARNER_NAME}` }));
    await userEvent.click(within(answers()).getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(within(answers()).queryByText('An answer by the learner.')).toBeNull());
    expect(gateway.calls).toContain('PUT /api/qna/reply/q1');
    expect(gateway.bodies).toContainEqual({ id: 'r-mine' });

    await userEvent.click(within(question).getByRole('button', { name: 'Delete this question' }));
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(area.location()).toBe('/qna'));
    expect(gateway.questions).toEqual([]);
  });

  it("lets an admin delete anyone's question and every answer, but not edit", async () => {
    gateway = mockGateway([thread(OTHER)]);
    const area = await renderRemote(QnaApp, '/qna/q1', { admin: true });
    const question = await screen.findByRole('article', { name: 'Question number 1' });
    expect(within(question).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(answers()).getAllByRole('button', { name: /Delete/ })).toHaveLength(2);
    await userEvent.click(within(question).getByRole('button', { name: 'Delete this question' }));
    await userEvent.click(within(question).getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(area.location()).toBe('/qna'));
    expect(gateway.calls).toContain('DELETE /api/qna/q1');
  });

  it('posts an answer (labelled Answer, 10–3000 characters) and shows it', async () => {
    gateway = mockGateway([thread(OTHER)]);
    await renderRemote(QnaApp, '/qna/q1');
    const form = await screen.findByRole('form', { name: 'Answer the question' });
    const submit = within(form).getByRole('button', { name: 'Post Answer' });
    await userEvent.type(within(form).getByLabelText('Answer'), 'Too short');
    expect(submit).toBeDisabled();
    await userEvent.type(within(form).getByLabelText('Answer'), ' but this is long enough now.');
    await userEvent.click(submit);
    expect(await within(answers()).findByText('Too short but this is long enough now.')).toBeInTheDocument();
    expect(gateway.bodies).toContainEqual({ reply: 'Too short but this is long enough now.' });
    await waitFor(() => expect(within(form).getByLabelText('Answer')).toHaveValue(''));
  });

  it('renders posts as Markdown and previews an answer with the same renderer before posting (issue 22)', async () => {
    gateway = mockGateway([{ ...thread(OTHER), description: 'Why does *this* fail?\n\n<script>alert(1)</script>' }]);
    const { container } = await renderRemote(QnaApp, '/qna/q1');
    const question = await screen.findByRole('article', { name: 'Question number 1' });
    expect(await within(question).findByText('this')).toHaveProperty('tagName', 'EM');
    expect(within(question).getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();

    const form = screen.getByRole('form', { name: 'Answer the question' });
    await userEvent.type(within(form).getByLabelText('Answer'), 'Use **GROUP BY** here.');
    await userEvent.click(within(form).getByRole('tab', { name: 'Preview' }));
    const preview = within(form).getByRole('tabpanel', { name: 'Preview' });
    expect(await within(preview).findByText('GROUP BY')).toHaveProperty('tagName', 'STRONG');
    await userEvent.click(within(form).getByRole('tab', { name: 'Write' }));
    expect(within(form).getByLabelText('Answer')).toHaveValue('Use **GROUP BY** here.');
  });

  it('only logs an answer that fails with a server error, and shows nothing (SPEC §8)', async () => {
    gateway = mockGateway([thread(OTHER)]);
    gateway.failNext('POST /api/qna/q1/replies', 503, DEADLINE_PASSED_MESSAGE);
    const logged: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void logged.push(args);
    try {
      await renderRemote(QnaApp, '/qna/q1');
      const form = await screen.findByRole('form', { name: 'Answer the question' });
      await userEvent.type(within(form).getByLabelText('Answer'), 'An answer that will fail on the server.');
      await userEvent.click(within(form).getByRole('button', { name: 'Post Answer' }));
      await waitFor(() => expect(logged.length).toBeGreaterThan(0));
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      console.error = original;
    }
    expect(screen.queryByText('Unexpected Error')).toBeNull();
    expect(screen.queryByText(DEADLINE_PASSED_MESSAGE)).toBeNull();
  });

  it('tells the learner when the thread is full (409, issue 17) and keeps their answer in the form', async () => {
    gateway = mockGateway([thread(OTHER)]);
    gateway.failNext('POST /api/qna/q1/replies', 409, QNA_MESSAGES.tooManyReplies);
    await renderRemote(QnaApp, '/qna/q1');
    const form = await screen.findByRole('form', { name: 'Answer the question' });
    await userEvent.type(within(form).getByLabelText('Answer'), 'An answer to a thread that is full.');
    await userEvent.click(within(form).getByRole('button', { name: 'Post Answer' }));
    expect(await screen.findByText(QNA_MESSAGES.tooManyReplies)).toBeInTheDocument();
    expect(within(form).getByLabelText('Answer')).toHaveValue('An answer to a thread that is full.');
    expect(within(answers()).queryByText('An answer to a thread that is full.')).toBeNull();
  });

  it('lets the author accept an answer, shown first and marked, and accept another instead; no clear button for them (issue 22)', async () => {
    gateway = mockGateway([thread(LEARNER_NAME)]);
    await renderRemote(QnaApp, '/qna/q1');
    await screen.findByRole('article', { name: 'Question number 1' });
    const replies = () => within(answers()).getAllByRole('listitem');
    expect(within(answers()).getAllByRole('button', { name: 'Accept this answer' })).toHaveLength(2);

    await userEvent.click(within(replies()[1]!).getByRole('button', { name: 'Accept this answer' }));
    await waitFor(() => expect(replies()[0]).toHaveAccessibleName(`Accepted answer by ${LEARNER_NAME}`));
    expect(replies()[0]).toHaveTextContent('Accepted answer');
    expect(gateway.calls).toContain('PUT /api/qna/accept/q1');
    expect(gateway.bodies).toContainEqual({ id: 'r-mine' });
    expect(within(answers()).queryByRole('button', { name: 'Clear accepted answer' })).toBeNull();

    await userEvent.click(within(replies()[1]!).getByRole('button', { name: 'Accept this answer' }));
    await waitFor(() => expect(replies()[0]).toHaveAccessibleName(`Accepted answer by ${OTHER}`));
    expect(gateway.questions[0]?.acceptedReplyId).toBe('r-other');
  });

  it('gives another learner no accept control, and lets an admin clear the accepted answer', async () => {
    gateway = mockGateway([{ ...thread(OTHER), acceptedReplyId: 'r-mine' }]);
    const first = await renderRemote(QnaApp, '/qna/q1');
    await screen.findByRole('article', { name: 'Question number 1' });
    expect(within(answers()).queryByRole('button', { name: /Accept|Clear/ })).toBeNull();
    expect(within(answers()).getAllByRole('listitem')[0]).toHaveTextContent('An answer by the learner.');
    first.unmount();

    await renderRemote(QnaApp, '/qna/q1', { admin: true });
    await screen.findByRole('article', { name: 'Question number 1' });
    await userEvent.click(await within(answers()).findByRole('button', { name: 'Clear accepted answer' }));
    await waitFor(() => expect(within(answers()).queryByText('Accepted answer')).toBeNull());
    expect(gateway.bodies).toContainEqual({ id: null });
    expect(within(answers()).getAllByRole('listitem')[0]).toHaveTextContent('An answer by someone else.');
  });

  it("shows another user's answer as it is posted, announced politely, with one live connection (issue 22)", async () => {
    gateway = mockGateway([thread(OTHER)]);
    await renderRemote(QnaApp, '/qna/q1');
    await screen.findByRole('article', { name: 'Question number 1' });
    await waitFor(() => expect(gateway!.live.open()).toBe(1));
    const liveCall = gateway.requests.find((request) => request.url.endsWith('/api/live/qna'))!;
    expect(liveCall.headers.get('x-auth-token')).toBeTruthy();
    expect(new URL(liveCall.url).search).toBe('');

    gateway.questions[0]!.replies.push({ _id: 'r-live', ...authorOf('Third Person'), reply: 'An answer that arrived live.', datePosted: '2026-11-04T10:00:00.000Z' });
    gateway.live.send({ kind: 'replied', questionId: 'q1', topic: 'beginner', replyId: 'r-live' });
    expect(await within(answers()).findByText('An answer that arrived live.')).toBeInTheDocument();
    expect(screen.getByText('A new answer was posted.')).toHaveAttribute('aria-live', 'polite');
    expect(gateway.live.open()).toBe(1);
  });

  it('reads the thread again when the stream reconnects (the catch-up)', async () => {
    gateway = mockGateway([thread(OTHER)]);
    await renderRemote(QnaApp, '/qna/q1');
    await screen.findByRole('article', { name: 'Question number 1' });
    await waitFor(() => expect(gateway!.live.open()).toBe(1));
    const reads = () => gateway!.calls.filter((call) => call === 'GET /api/qna/q1').length;
    const before = reads();
    gateway.questions[0]!.title = 'Edited while the stream was down';
    gateway.live.ready();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edited while the stream was down' })).toBeInTheDocument();
    expect(reads()).toBeGreaterThan(before);
  });

  it('replaces a stream that went silent for three heartbeats, and reads the thread again', async () => {
    gateway = mockGateway([thread(OTHER)]);
    gateway.live.heartbeatMs = 200;
    await renderRemote(QnaApp, '/qna/q1');
    await screen.findByRole('article', { name: 'Question number 1' });
    const streamsOpened = () => gateway!.calls.filter((call) => call === 'GET /api/live/qna').length;
    await waitFor(() => expect(streamsOpened()).toBe(1));
    gateway.questions[0]!.title = 'Edited while the stream was silent';
    // No heartbeat ever comes: the watchdog (it looks every second) opens a second stream.
    expect(await screen.findByRole('heading', { level: 1, name: 'Edited while the stream was silent' }, { timeout: 4_000 })).toBeInTheDocument();
    expect(streamsOpened()).toBeGreaterThanOrEqual(2);
    expect(gateway.live.open()).toBe(1);
  });

  it('says so when the question does not exist', async () => {
    gateway = mockGateway([]);
    await renderRemote(QnaApp, '/qna/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such question' })).toBeInTheDocument();
  });
});

describe('/qna/edit/{id}', () => {
  it('lets the author change title, question and topic, then shows the question', async () => {
    gateway = mockGateway(makeQuestions(1, LEARNER_NAME));
    const area = await renderRemote(QnaApp, '/qna/edit/q1');
    const form = await screen.findByRole('form', { name: 'Edit the question' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Question number 1');
    await userEvent.clear(within(form).getByLabelText('Title'));
    await userEvent.type(within(form).getByLabelText('Title'), 'An edited title for it');
    await userEvent.selectOptions(within(form).getByLabelText('Topic'), 'SQL');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(area.location()).toBe('/qna/q1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'An edited title for it' })).toBeInTheDocument();
    expect(gateway.bodies).toEqual([{ topic: 'sql', title: 'An edited title for it', description: 'Description of question 1.', sandboxCourseId: null }]);
  });

  it('shows no form to anyone but the author', async () => {
    gateway = mockGateway(makeQuestions(1, OTHER));
    await renderRemote(QnaApp, '/qna/edit/q1', { admin: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Only the author can edit this question' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).toBeNull();
  });
});
