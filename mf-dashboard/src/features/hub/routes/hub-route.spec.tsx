import { renderRemote } from '@dblearn/app-providers/testing';
import { screen, within } from '@testing-library/react';
import { mockGateway, makeCourses, makeProfile } from '../../../../testing/mock-gateway.js';
import DashboardApp from '../../../expose/app.js';

describe('/hub', () => {
  it('says how to enrol when no course is started, and links the catalogue', async () => {
    mockGateway(makeCourses([{}, {}]));
    await renderRemote(DashboardApp, '/hub');
    expect(screen.getByRole('heading', { level: 1, name: 'My Course' })).toBeInTheDocument();
    const enrolled = await screen.findByRole('region', { name: 'Enrolled Courses' });
    expect(enrolled).toHaveTextContent('You have not started a course yet.');
    expect(within(enrolled).getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/catalog');
    expect(screen.getByRole('link', { name: 'Course Catalog' })).toHaveAttribute('href', '/catalog');
  });

  it('lists started courses with their progress and a Continue link to the first unread tutorial', async () => {
    const courses = makeCourses([{ tutorials: 4, projects: 2 }, { tutorials: 2 }, { tutorials: 1, projects: 1 }]);
    const readTutorial = [{ _id: 'c1-t1', courseId: 'c1' }, { _id: 'c1-t2', courseId: 'c1' }, { _id: 'c3-t1', courseId: 'c3' }];
    const finishedProject = [{ _id: 'c1-p2', title: 'Project 2', difficulty: 'intermediate' as const, courseId: 'c1' }];
    mockGateway(courses, makeProfile({ readTutorial, finishedProject }));
    await renderRemote(DashboardApp, '/hub');
    const enrolled = await screen.findByRole('region', { name: 'Enrolled Courses' });
    const items = within(enrolled).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual(['Course 1', 'Course 3']);

    const first = items[0]!;
    expect(within(first).getByRole('progressbar', { name: 'Tutorials read: 2 of 4' })).toHaveAttribute('value', '2');
    expect(within(first).getByRole('progressbar', { name: 'Projects finished: 1 of 2' })).toHaveAttribute('value', '1');
    expect(within(first).getByRole('link', { name: 'Continue Course 1' })).toHaveAttribute('href', '/catalog/c1/tutorial/c1-t3');
    // Every tutorial of course 3 is read: Continue leads to its projects.
    expect(within(items[1]!).getByRole('link', { name: 'Continue Course 3' })).toHaveAttribute('href', '/catalog/c3/project');
  });

  it('opens the catalogue filtered to each of the five topics', async () => {
    mockGateway([]);
    await renderRemote(DashboardApp, '/hub');
    const topics = screen.getByRole('region', { name: 'Browse by Topic' });
    expect(within(topics).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Basic Concepts', '/catalog?topic=beginner'],
      ['Relational Model', '/catalog?topic=rm'],
      ['File Organization', '/catalog?topic=fo'],
      ['NoSQL', '/catalog?topic=nosql'],
      ['SQL', '/catalog?topic=sql'],
    ]);
  });
});
