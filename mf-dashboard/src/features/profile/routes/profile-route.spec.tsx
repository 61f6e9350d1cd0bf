import type { SavedQuestion } from '@dblearn/contracts';
import { renderRemote } from '@dblearn/app-providers/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockGateway, makeCourses, makeProfile, type MockGateway } from '../../../../testing/mock-gateway.js';
import DashboardApp from '../../../expose/app.js';

let gateway: MockGateway | undefined;

const section = (name: string) => screen.getByRole('region', { name });
const saved = (count: number): SavedQuestion[] =>
  Array.from({ length: count }, (_, index) => ({ _id: `q${index + 1}`, topic: 'sql', question: `Saved question ${index + 1}?`, answer: 'An answer.' }));

describe('/profile', () => {
  it('tells a new learner what to do next in each part', async () => {
    gateway = mockGateway(makeCourses([{}, {}]));
    await renderRemote(DashboardApp, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Saved Interview Questions' });
    expect(within(section('Saved Interview Questions')).getByText('Save a question to see it here.')).toBeInTheDocument();
    expect(within(section('Saved Interview Questions')).getByRole('link', { name: 'Browse interview questions' })).toHaveAttribute('href', '/interview');
    expect(within(section('Finished Projects')).getByText('Finish a project to see it here.')).toBeInTheDocument();
    expect(within(section('Finished Projects')).getByRole('link', { name: 'Recommended Projects' })).toHaveAttribute('href', '/projectLandingPage');
    expect(within(section('Stuck on something?')).getByRole('link', { name: 'Ask' })).toHaveAttribute('href', '/qna?ask=1');
  });

  it('shows how many review cards are due today and opens the review (issue 34)', async () => {
    const review = { due: [], dueCount: 4, total: 9, streak: 0 };
    gateway = mockGateway(makeCourses([{}]), makeProfile(), false, review);
    await renderRemote(DashboardApp, '/profile');
    const part = await screen.findByRole('region', { name: 'Review' });
    expect(await within(part).findByText('cards due today')).toBeInTheDocument();
    expect(part).toHaveTextContent('4 cards due today');
    expect(part).toHaveTextContent('9 in your deck.');
    expect(within(part).getByRole('link', { name: 'Start review' })).toHaveAttribute('href', '/interview/review');
  });

  it('shows the streak and the solved exercises per topic and difficulty (issue 34)', async () => {
    gateway = mockGateway(makeCourses([{}]), makeProfile(), false, { due: [], dueCount: 0, total: 0, streak: 3 });
    await renderRemote(DashboardApp, '/profile');
    const part = await screen.findByRole('region', { name: 'Practice' });
    expect(await within(part).findByText(/3-day streak/)).toBeInTheDocument();
    const table = await within(part).findByRole('table', { name: 'Exercises solved per topic and difficulty' });
    expect(within(table).getByRole('row', { name: 'SQL Easy 0 of 1' })).toBeInTheDocument();
    expect(within(part).getByRole('link', { name: 'Practice list' })).toHaveAttribute('href', '/practice');
  });

  it('shows the first saved question prominently and the next five compactly, each leading to its page of the saved view', async () => {
    gateway = mockGateway(makeCourses([{}]), makeProfile({ savedQuestion: saved(8) }));
    await renderRemote(DashboardApp, '/profile');
    const part = await screen.findByRole('region', { name: 'Saved Interview Questions' });
    const links = within(part).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'SQLSaved question 1?',
      'Saved question 2?',
      'Saved question 3?',
      'Saved question 4?',
      'Saved question 5?',
      'Saved question 6?',
      'All 8 saved questions',
    ]);
    expect(links[0]).toHaveAttribute('href', '/interview?view=saved');
    expect(links[5]).toHaveAttribute('href', '/interview?view=saved');
    expect(within(part).getByRole('link', { name: 'All 8 saved questions' })).toHaveAttribute('href', '/interview?view=saved');
  });

  it('links each finished project to its page, six at first and all on request', async () => {
    const courses = makeCourses([{ projects: 8 }]);
    const finishedProject = courses[0]!.projects.map((project) => ({ ...project, courseId: 'c1' }));
    gateway = mockGateway(courses, makeProfile({ finishedProject }));
    await renderRemote(DashboardApp, '/profile');
    const part = await screen.findByRole('region', { name: 'Finished Projects' });
    expect(within(part).getAllByRole('link')).toHaveLength(6);
    expect(within(part).getByRole('link', { name: 'Project 1' })).toHaveAttribute('href', '/catalog/c1/project/c1-p1');
    await userEvent.click(within(part).getByRole('button', { name: 'Show all 8' }));
    expect(within(part).getAllByRole('link')).toHaveLength(8);
  });

  it('charts tutorials read and projects finished out of the total for each topic', async () => {
    const courses = makeCourses([{ topic: 'nosql', tutorials: 4, projects: 2 }, { topic: 'nosql', tutorials: 2, projects: 1 }, { topic: 'rm' }]);
    const readTutorial = [{ _id: 'c1-t1', courseId: 'c1' }, { _id: 'c2-t2', courseId: 'c2' }, { _id: 'c1-t4', courseId: 'c1' }];
    const finishedProject = [{ _id: 'c2-p1', title: 'Project 1', difficulty: 'intermediate' as const, courseId: 'c2' }];
    gateway = mockGateway(courses, makeProfile({ readTutorial, finishedProject }));
    await renderRemote(DashboardApp, '/profile');
    const chart = await screen.findByRole('region', { name: 'Progress by Topic' });
    const topics = within(chart).getAllByRole('listitem');
    expect(topics.map((item) => item.textContent)).toEqual([
      'Basic ConceptsTutorials0 / 0Projects0 / 0',
      'Relational ModelTutorials0 / 3Projects0 / 2',
      'File OrganizationTutorials0 / 0Projects0 / 0',
      'NoSQLTutorials3 / 6Projects1 / 3',
      'SQLTutorials0 / 0Projects0 / 0',
    ]);
    const [tutorialsBar] = within(topics[3]!).getAllByText((_, element) => element?.tagName.toLowerCase() === 'svg');
    expect(tutorialsBar!.querySelector('.progress-chart__fill')).toHaveAttribute('width', '50');
  });

  it('suggests four courses of the catalogue, each opening its course page', async () => {
    gateway = mockGateway(makeCourses([{}, {}, {}, {}, {}, {}]));
    await renderRemote(DashboardApp, '/profile');
    const part = await screen.findByRole('region', { name: 'Suggested Courses' });
    const links = within(part).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/catalog/c1', '/catalog/c2', '/catalog/c3', '/catalog/c4']);
    expect(within(part).getByRole('link', { name: 'Open course Course 1' })).toBeInTheDocument();
  });

  it('reads the whole catalogue, a hundred courses a page', async () => {
    gateway = mockGateway(makeCourses(Array.from({ length: 130 }, () => ({ topic: 'fo', tutorials: 1, projects: 0 }))));
    await renderRemote(DashboardApp, '/profile');
    const chart = await screen.findByRole('region', { name: 'Progress by Topic' });
    expect(within(chart).getAllByRole('listitem')[2]).toHaveTextContent('Tutorials0 / 130');
    expect(gateway.calls.filter((call) => call.startsWith('GET /api/course'))).toEqual(['GET /api/course?page=1&pageSize=100', 'GET /api/course?page=2&pageSize=100']);
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    gateway = mockGateway([], makeProfile(), true);
    await renderRemote(DashboardApp, '/profile');
    expect(await screen.findByRole('heading', { name: 'Your dashboard could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the public name and the private e-mail, and renames (issue 36)', async () => {
    gateway = mockGateway(makeCourses([{}]));
    await renderRemote(DashboardApp, '/profile');
    const account = await screen.findByRole('region', { name: 'Your account' });
    expect(account).toHaveTextContent('Others see you as Learner Lee. Your e-mail, learner@dblearn.test, is shown to you alone.');
    const field = within(account).getByLabelText('Display name');
    await userEvent.clear(field);
    await userEvent.type(field, 'no@signs');
    await userEvent.click(within(account).getByRole('button', { name: 'Save name' }));
    expect(field).toHaveAccessibleDescription('Display name may use only letters, digits, spaces, ".", "_" and "-".');
    gateway.failNext('PATCH /api/users/me', 409, 'That display name is taken.');
    await userEvent.clear(field);
    await userEvent.type(field, 'Taken Name');
    await userEvent.click(within(account).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('That display name is taken.'));
    await userEvent.clear(field);
    await userEvent.type(field, 'Ada Lovelace');
    await userEvent.click(within(account).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(account).toHaveTextContent('Others see you as Ada Lovelace.'));
    expect(gateway.bodies).toContainEqual({ displayName: 'Ada Lovelace' });
  });

  it('deletes the account only after the password is given (issue 30)', async () => {
    gateway = mockGateway(makeCourses([{}]));
    await renderRemote(DashboardApp, '/profile');
    const account = await screen.findByRole('region', { name: 'Your account' });
    await userEvent.click(within(account).getByRole('button', { name: 'Delete my account' }));
    const confirm = within(account).getByRole('button', { name: 'Delete my account for good' });
    await userEvent.click(confirm);
    expect(within(account).getByLabelText('Password')).toHaveAccessibleDescription('Enter your password to delete your account.');
    expect(gateway.calls).not.toContain('DELETE /api/users/me');
    await userEvent.type(within(account).getByLabelText('Password'), 'my-password');
    await userEvent.click(confirm);
    await waitFor(() => expect(gateway?.calls).toContain('DELETE /api/users/me'));
    expect(gateway.bodies).toContainEqual({ password: 'my-password' });
  });
});
