import { renderRemote } from '@dblearn/app-providers/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authorOf, LEARNER_NAME, mockGateway, makeQuestions, type MockGateway } from '../../../../testing/mock-gateway.js';
import QnaApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const topics = () => screen.getByRole('navigation', { name: 'Question topics' });
const askForm = () => screen.getByRole('form', { name: 'Ask a question' });

describe('/qna', () => {
  it('lists six questions a page, newest first, each with author, date, topic and a title linking to it', async () => {
    gateway = mockGateway(makeQuestions(14));
    await renderRemote(QnaApp, '/qna');
    expect(await screen.findByRole('heading', { level: 3, name: 'Question number 14' })).toBeInTheDocument();
    expect(titles()).toEqual(['Question number 14', 'Question number 13', 'Question number 12', 'Question number 11', 'Question number 10', 'Question number 9']);
    expect(screen.getByRole('heading', { level: 2, name: /All Questions/ })).toHaveTextContent('All Questions (14)');
    expect(gateway.calls).toContain('GET /api/qna?page=1&pageSize=6');
    const first = screen.getByRole('article', { name: 'Question number 14' });
    expect(within(first).getByRole('link', { name: 'Question number 14' })).toHaveAttribute('href', '/qna/q14');
    expect(first).toHaveTextContent('Someone Else');
    expect(first).not.toHaveTextContent('@');
    expect(first).toHaveTextContent('14 Nov 2026');
    expect(first).toHaveTextContent('NoSQL');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Question number 2' })).toBeInTheDocument();
    expect(titles()).toEqual(['Question number 2', 'Question number 1']);
  });

  it('marks the threads whose answer was accepted as solved (issue 22)', async () => {
    const questions = makeQuestions(2);
    questions[1] = { ...questions[1]!, replies: [{ _id: 'r1', ...authorOf(LEARNER_NAME), reply: 'The answer.', datePosted: questions[1]!.datePosted }], acceptedReplyId: 'r1' };
    gateway = mockGateway(questions);
    await renderRemote(QnaApp, '/qna');
    expect(await screen.findByRole('article', { name: 'Question number 2' })).toHaveTextContent('Solved · 1 answer');
    expect(screen.getByRole('article', { name: 'Question number 1' })).not.toHaveTextContent('Solved');
  });

  it('counts questions others post meanwhile as "N new questions", shown on click, never the learner’s own (issue 22)', async () => {
    gateway = mockGateway(makeQuestions(3));
    await renderRemote(QnaApp, '/qna');
    await screen.findByRole('heading', { level: 3, name: 'Question number 3' });
    await waitFor(() => expect(gateway!.live.open()).toBe(1));
    gateway.questions.push({ ...makeQuestions(4)[3]!, _id: 'q-live', title: 'Posted by someone meanwhile' });
    gateway.live.send({ kind: 'created', questionId: 'q-live', topic: 'sql', replyId: null });
    gateway.live.send({ kind: 'created', questionId: 'q-other', topic: 'rm', replyId: null });
    const more = await screen.findByRole('button', { name: '2 new questions' });
    expect(titles()[0]).toBe('Question number 3');
    await userEvent.click(more);
    expect(await screen.findByRole('heading', { level: 3, name: 'Posted by someone meanwhile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new question/ })).toBeNull();

    await userEvent.type(within(askForm()).getByLabelText('Title'), 'My own question, posted here');
    await userEvent.type(within(askForm()).getByLabelText('Question'), 'Its event comes back on the stream.');
    await userEvent.selectOptions(within(askForm()).getByLabelText('Topic'), 'SQL');
    await userEvent.click(within(askForm()).getByRole('button', { name: 'Post Question' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'My own question, posted here' })).toBeInTheDocument();
    gateway.live.send({ kind: 'created', questionId: 'new1', topic: 'sql', replyId: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('button', { name: /new question/ })).toBeNull();
  });

  it('filters by topic from the sidebar, with its own URL', async () => {
    gateway = mockGateway(makeQuestions(12));
    const area = await renderRemote(QnaApp, '/qna');
    await screen.findByRole('heading', { level: 3, name: 'Question number 12' });
    await userEvent.click(within(topics()).getByRole('button', { name: 'SQL' }));
    // makeQuestions puts every fifth question (5, 10) in sql.
    expect(await screen.findByRole('heading', { level: 3, name: 'Question number 10' })).toBeInTheDocument();
    expect(titles()).toEqual(['Question number 10', 'Question number 5']);
    expect(area.location()).toBe('/qna?topic=sql');
    expect(within(topics()).getByRole('button', { name: 'SQL' })).toHaveAttribute('aria-pressed', 'true');
    expect(gateway.calls).toContain('GET /api/qna?topic=sql&page=1&pageSize=6');
  });

  it('keeps Post Question disabled until title, question and topic keep the SPEC §5 rules', async () => {
    gateway = mockGateway([]);
    await renderRemote(QnaApp, '/qna');
    const submit = within(askForm()).getByRole('button', { name: 'Post Question' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(askForm()).getByLabelText('Title'), 'Too short');
    expect(await within(askForm()).findByText('Title must be 10 to 3000 characters long.')).toBeInTheDocument();
    await userEvent.type(within(askForm()).getByLabelText('Title'), ' but now long enough');
    await userEvent.type(within(askForm()).getByLabelText('Question'), 'What does a LEFT JOIN keep?');
    expect(submit).toBeDisabled();
    await userEvent.selectOptions(within(askForm()).getByLabelText('Topic'), 'SQL');
    await waitFor(() => expect(submit).toBeEnabled());
  });

  it('posts a question as the signed-in learner: it shows at the top and the form empties', async () => {
    gateway = mockGateway(makeQuestions(3));
    await renderRemote(QnaApp, '/qna');
    await screen.findByRole('heading', { level: 3, name: 'Question number 3' });
    await userEvent.type(within(askForm()).getByLabelText('Title'), 'How do I index a JSON column?');
    await userEvent.type(within(askForm()).getByLabelText('Question'), 'Queries on a JSON field are slow.');
    await userEvent.selectOptions(within(askForm()).getByLabelText('Topic'), 'NoSQL');
    await userEvent.click(within(askForm()).getByRole('button', { name: 'Post Question' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'How do I index a JSON column?' })).toBeInTheDocument();
    expect(titles()[0]).toBe('How do I index a JSON column?');
    expect(screen.getByRole('article', { name: 'How do I index a JSON column?' })).toHaveTextContent(LEARNER_NAME);
    expect(gateway.bodies).toEqual([{ title: 'How do I index a JSON column?', description: 'Queries on a JSON field are slow.', topic: 'nosql', sandboxCourseId: null }]);
    await waitFor(() => expect(within(askForm()).getByLabelText('Title')).toHaveValue(''));
  });

  it('posts the practice database chosen for its ```sql blocks (issue 22)', async () => {
    gateway = mockGateway([]);
    await renderRemote(QnaApp, '/qna');
    const select = within(askForm()).getByLabelText('Practice database for ```sql blocks');
    await within(select).findByRole('option', { name: 'SQL practice' });
    await userEvent.type(within(askForm()).getByLabelText('Title'), 'Why is my LEFT JOIN empty?');
    await userEvent.type(within(askForm()).getByLabelText('Question'), 'Run this:\n\n```sql\nSELECT 1;\n```');
    await userEvent.selectOptions(within(askForm()).getByLabelText('Topic'), 'SQL');
    await userEvent.selectOptions(select, 'SQL practice');
    await userEvent.click(within(askForm()).getByRole('button', { name: 'Post Question' }));
    await waitFor(() => expect(gateway!.bodies).toEqual([expect.objectContaining({ sandboxCourseId: 'c-sql' })]));
  });

  it('tells a refused post in the gateway’s words', async () => {
    gateway = mockGateway([]);
    gateway.failNext('POST /api/qna', 400, 'Title must be 10 to 3000 characters long.');
    await renderRemote(QnaApp, '/qna');
    await userEvent.type(within(askForm()).getByLabelText('Title'), 'A title that passes here');
    await userEvent.type(within(askForm()).getByLabelText('Question'), 'A description long enough.');
    await userEvent.selectOptions(within(askForm()).getByLabelText('Topic'), 'SQL');
    await userEvent.click(within(askForm()).getByRole('button', { name: 'Post Question' }));
    expect(await screen.findByText('Title must be 10 to 3000 characters long.', { selector: '.Toastify *' })).toBeInTheDocument();
  });

  it('opens with the cursor in the title when asked from the dashboard (/qna?ask=1)', async () => {
    gateway = mockGateway([]);
    await renderRemote(QnaApp, '/qna?ask=1');
    await waitFor(() => expect(within(askForm()).getByLabelText('Title')).toHaveFocus());
  });
});
