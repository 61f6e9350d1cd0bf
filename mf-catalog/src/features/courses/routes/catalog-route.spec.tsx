import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function someCourses(count: number): CatalogStore {
  return {
    courses: Array.from({ length: count }, (_, index) => course(index + 1, { topic: index % 2 === 0 ? 'sql' : 'nosql' })),
    tutorials: [],
    projects: [],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [] },
  };
}

describe('the Learning Hub', () => {
  it('shows six cards a page with name, the fixed 5.0 stars, teacher, length and GO!', async () => {
    const view = await renderCatalog('/catalog', someCourses(14));
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(6);
    const first = within(screen.getByRole('article', { name: 'Course number 1' }));
    expect(first.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    expect(first.getByText('Teacher 1')).toBeInTheDocument();
    expect(first.getByText('1 hours')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /GO!/ })).toHaveAttribute('href', `/catalog/${oid(1)}`);
    expect(view.calls()).toContain('GET /api/course?page=1&pageSize=6');
  });

  it('pages through the list with the total from X-Total-Count', async () => {
    const view = await renderCatalog('/', someCourses(14));
    await screen.findByRole('article', { name: 'Course number 1' });
    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByRole('article', { name: 'Course number 13' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(view.path()).toBe('/?page=3');
    expect(view.calls()).toContain('GET /api/course?page=3&pageSize=6');
  });

  it('filters by topic from page 1, and All shows every course again', async () => {
    const view = await renderCatalog('/catalog?page=2', someCourses(14));
    await screen.findAllByRole('article');
    await userEvent.click(screen.getByRole('button', { name: 'NoSQL' }));
    await waitFor(() => expect(view.calls()).toContain('GET /api/course?page=1&pageSize=6&topic=nosql'));
    expect(await screen.findByRole('article', { name: 'Course number 2' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Course number 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'NoSQL courses' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByRole('article', { name: 'Course number 1' })).toBeInTheDocument();
    expect(view.path()).toBe('/catalog');
  });

  it('gives a learner no admin controls', async () => {
    await renderCatalog('/catalog', someCourses(3));
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: /Add New Course/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
  });

  it('lets an admin add, edit and delete, and the list refreshes after a delete without a reload', async () => {
    const data = someCourses(3);
    await renderCatalog('/catalog', data, { admin: true });
    await screen.findAllByRole('article');
    expect(screen.getByRole('link', { name: /Add New Course/ })).toHaveAttribute('href', '/catalog/addOrEdit/new');
    expect(screen.getByRole('link', { name: 'Edit Course number 2' })).toHaveAttribute('href', `/catalog/addOrEdit/${oid(2)}`);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Course number 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Course number 2' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(data.courses.map((item) => item.name)).toEqual(['Course number 1', 'Course number 3']);
  });

  it('shows "Unexpected Error" and a Retry panel when the content service is down, and recovers on Retry', async () => {
    const data = { ...someCourses(3), contentDown: true };
    await renderCatalog('/catalog', data);
    expect(await screen.findByRole('heading', { name: 'The courses could not be loaded' })).toBeInTheDocument();
    expect(await screen.findByText('Unexpected Error')).toBeInTheDocument();
    data.contentDown = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Course number 1' })).toBeInTheDocument();
  });

  it('says so when there are no courses', async () => {
    await renderCatalog('/catalog', someCourses(0));
    expect(await screen.findByRole('heading', { name: 'No courses yet' })).toBeInTheDocument();
  });
});
