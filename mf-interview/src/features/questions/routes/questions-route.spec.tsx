import { INTERVIEW_NOT_FOUND_MESSAGE } from '@dblearn/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGateway, makeQuestions, type MockGateway } from '../../../../testing/mock-gateway.js';
import { renderRemote } from '@dblearn/app-providers/testing';
import InterviewApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const questionHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const topics = () => screen.getByRole('navigation', { name: 'Question topics' });

describe('/interview for a learner', () => {
  it('lists six questions a page, oldest first, with the total from X-Total-Count', async () => {
    gateway = mockGateway(makeQuestions(14));
    await renderRemote(InterviewApp, '/interview');
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 1?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 1?', 'Question 2?', 'Question 3?', 'Question 4?', 'Question 5?', 'Question 6?']);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('All Questions (14)');
    expect(gateway.calls).toContain('GET /api/interview?page=1&pageSize=6');

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 13?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 13?', 'Question 14?']);
  });

  it('offers All, the five topics and Saved Questions, and filters by topic', async () => {
    gateway = mockGateway(makeQuestions(20));
    const area = await renderRemote(InterviewApp, '/interview');
    const links = within(topics()).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['All', 'Basic Concepts', 'Relational Model', 'File Organization', 'NoSQL', 'SQL', 'Saved Questions']);
    expect(within(topics()).getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(topics()).getByRole('link', { name: 'SQL' }));
    // makeQuestions puts every fifth question (5, 10, 15, 20) in sql.
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 5?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 5?', 'Question 10?', 'Question 15?', 'Question 20?']);
    expect(area.location()).toBe('/interview?topic=sql');
    expect(gateway.calls).toContain('GET /api/interview?topic=sql&page=1&pageSize=6');
    expect(within(topics()).getByRole('link', { name: 'SQL' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows each question\'s difficulty as a badge beside its topic', async () => {
    gateway = mockGateway(makeQuestions(3));
    await renderRemote(InterviewApp, '/interview');
    const badges = await Promise.all(['Question 1?', 'Question 2?', 'Question 3?'].map(async (name) => within(await screen.findByRole('article', { name })).getByTitle('Difficulty').textContent));
    expect(badges).toEqual(['Easy', 'Medium', 'Hard']);
  });

  it('filters by difficulty from the URL, asks the server for it, and keeps it across topics', async () => {
    gateway = mockGateway(makeQuestions(20));
    const area = await renderRemote(InterviewApp, '/interview');
    const difficulty = await screen.findByRole('navigation', { name: 'Question difficulty' });
    expect(within(difficulty).getAllByRole('link').map((link) => link.textContent)).toEqual(['Any difficulty', 'Easy', 'Medium', 'Hard']);
    expect(within(difficulty).getByRole('link', { name: 'Any difficulty' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(difficulty).getByRole('link', { name: 'Hard' }));
    // makeQuestions gives question i the difficulty easy, medium, hard in turn: 3, 6, 9, … are hard.
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 3?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 3?', 'Question 6?', 'Question 9?', 'Question 12?', 'Question 15?', 'Question 18?']);
    expect(area.location()).toBe('/interview?difficulty=hard');
    expect(gateway.calls).toContain('GET /api/interview?difficulty=hard&page=1&pageSize=6');
    expect(within(screen.getByRole('navigation', { name: 'Question difficulty' })).getByRole('link', { name: 'Hard' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(topics()).getByRole('link', { name: 'SQL' }));
    // sql is every fifth question; the hard one among 5, 10, 15, 20 is 15.
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 15?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 15?']);
    expect(area.location()).toBe('/interview?topic=sql&difficulty=hard');
    expect(gateway.calls).toContain('GET /api/interview?topic=sql&difficulty=hard&page=1&pageSize=6');
  });

  it('says so when no question has the chosen difficulty', async () => {
    gateway = mockGateway(makeQuestions(2));
    await renderRemote(InterviewApp, '/interview?difficulty=hard');
    expect(await screen.findByRole('heading', { name: 'No hard questions yet' })).toBeInTheDocument();
  });

  it('folds an answer open and shut', async () => {
    gateway = mockGateway(makeQuestions(1));
    await renderRemote(InterviewApp, '/interview');
    const toggle = await screen.findByRole('button', { name: 'Show Answer' });
    expect(screen.getByText('Answer 1.')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(screen.getByText('Answer 1.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Answer' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Hide Answer' }));
    expect(screen.getByText('Answer 1.')).not.toBeVisible();
  });

  it('saves a question, shows it in the saved view, and unsaves it there', async () => {
    gateway = mockGateway(makeQuestions(3));
    await renderRemote(InterviewApp, '/interview');
    const second = await screen.findByRole('article', { name: 'Question 2?' });
    await userEvent.click(within(second).getByRole('button', { name: 'Save Question' }));
    expect(await within(second).findByRole('button', { name: 'Unsave Question' })).toBeEnabled();
    expect(gateway.calls).toContain('POST /api/users/interview/6560f0c2a1b2c3d4e5f60718');
    expect(gateway.saved.map((question) => question._id)).toEqual(['q2']);

    await userEvent.click(within(topics()).getByRole('link', { name: 'Saved Questions' }));
    expect(await screen.findByRole('heading', { level: 2 })).toHaveTextContent('Saved Questions (1)');
    expect(questionHeadings()).toEqual(['Question 2?']);
    await userEvent.click(screen.getByRole('button', { name: 'Unsave Question' }));
    expect(await screen.findByRole('heading', { name: 'No saved questions yet' })).toBeInTheDocument();
    expect(screen.getByText('Save a question to see it here.')).toBeInTheDocument();
    expect(gateway.saved).toEqual([]);
  });

  it('pages the saved view six at a time', async () => {
    const bank = makeQuestions(8);
    gateway = mockGateway(bank, bank);
    await renderRemote(InterviewApp, '/interview?view=saved&page=2');
    expect(await screen.findByRole('heading', { level: 3, name: 'Question 7?' })).toBeInTheDocument();
    expect(questionHeadings()).toEqual(['Question 7?', 'Question 8?']);
    expect(screen.getAllByRole('button', { name: 'Unsave Question' })).toHaveLength(2);
  });

  it('says so when a topic has no questions', async () => {
    gateway = mockGateway([]);
    await renderRemote(InterviewApp, '/interview?topic=fo');
    expect(await screen.findByRole('heading', { name: 'No questions in File Organization yet' })).toBeInTheDocument();
  });

  it('puts the button back and tells why when a save is refused', async () => {
    gateway = mockGateway(makeQuestions(1));
    await renderRemote(InterviewApp, '/interview');
    const card = await screen.findByRole('article', { name: 'Question 1?' });
    gateway.failNext('POST /api/users/interview/6560f0c2a1b2c3d4e5f60718', 404, INTERVIEW_NOT_FOUND_MESSAGE);
    await userEvent.click(within(card).getByRole('button', { name: 'Save Question' }));
    expect(await screen.findByText(INTERVIEW_NOT_FOUND_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Save Question' })).toBeEnabled());
  });

  it('shows no admin actions to a learner', async () => {
    gateway = mockGateway(makeQuestions(2));
    await renderRemote(InterviewApp, '/interview');
    await screen.findByRole('article', { name: 'Question 1?' });
    expect(screen.queryByRole('link', { name: 'New Question' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});

describe('/interview for an admin', () => {
  it('links New Question and each Edit to the form', async () => {
    gateway = mockGateway(makeQuestions(2));
    await renderRemote(InterviewApp, '/interview', { admin: true });
    const card = await screen.findByRole('article', { name: 'Question 2?' });
    expect(screen.getByRole('link', { name: 'New Question' })).toHaveAttribute('href', '/interview/new');
    expect(within(card).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/interview/q2');
  });

  it('deletes a question after a confirmation, and the list follows without a reload', async () => {
    gateway = mockGateway(makeQuestions(7));
    await renderRemote(InterviewApp, '/interview?page=2', { admin: true });
    const card = await screen.findByRole('article', { name: 'Question 7?' });
    await userEvent.click(within(card).getByRole('button', { name: 'Delete this question' }));
    expect(gateway.calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(card).getByRole('button', { name: 'Confirm delete' }));
    expect(await screen.findByText('Question deleted.')).toBeInTheDocument();
    expect(gateway.calls).toContain('DELETE /api/interview/q7');
    // Page 2 is now past the end: the list moves to page 1 with the six left.
    await waitFor(() => expect(questionHeadings()).toHaveLength(6));
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('All Questions (6)');
  });
});
