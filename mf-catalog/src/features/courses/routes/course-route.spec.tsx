import { screen, waitFor, within } from '@testing-library/react';
import { course, oid, type FakeData } from '../../../../testing/fake-gateway.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function withTutorials(): FakeData {
  return {
    courses: [course(1, { name: 'SQL from scratch', tutorials: [{ _id: oid(10), title: 'SELECT' }, { _id: oid(11), title: 'WHERE' }], projects: [] })],
    tutorials: [{ _id: oid(11), title: 'WHERE', courseId: oid(1), contents: [{ _id: oid(40), header: 'Filtering', detail: 'One line.\nAnother line.' }] }],
    projects: [],
    me: { ...LEARNER, savedQuestion: [], finishedProject: [], readTutorial: [{ _id: oid(10), courseId: oid(1) }] },
  };
}

describe('a course page', () => {
  it('numbers its tutorials, marks the ones read, links its projects and goes back', async () => {
    await renderCatalog(`/catalog/${oid(1)}`, withTutorials());
    expect(await screen.findByRole('heading', { level: 1, name: 'SQL from scratch' })).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual(['SELECT', 'WHERE']);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', `/catalog/${oid(1)}/tutorial/${oid(10)}`);
    await waitFor(() => expect(within(items[0]!).getByText('Read')).toBeInTheDocument());
    expect(within(items[1]!).queryByText('Read')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Projects/ })).toHaveAttribute('href', `/catalog/${oid(1)}/project`);
    expect(screen.getByRole('link', { name: /Go back/ })).toHaveAttribute('href', '/catalog');
    expect(screen.queryByRole('link', { name: 'New Tutorial' })).not.toBeInTheDocument();
  });

  it('gives an admin New Tutorial and a Delete per tutorial', async () => {
    await renderCatalog(`/catalog/${oid(1)}`, withTutorials(), { admin: true });
    expect(await screen.findByRole('link', { name: 'New Tutorial' })).toHaveAttribute('href', `/catalog/${oid(1)}/tutorial/add/new`);
    expect(screen.getByRole('button', { name: 'Delete SELECT' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete WHERE' })).toBeInTheDocument();
  });

  it('says "not found" for a malformed id', async () => {
    await renderCatalog('/catalog/not-an-id', withTutorials());
    expect(await screen.findByRole('heading', { name: 'Course not found' })).toBeInTheDocument();
  });
});

describe('a tutorial page', () => {
  it('shows the blocks split at line breaks and records the read once', async () => {
    const data = withTutorials();
    const view = await renderCatalog(`/catalog/${oid(1)}/tutorial/${oid(11)}`, data);
    expect(await screen.findByRole('heading', { level: 1, name: 'WHERE' })).toBeInTheDocument();
    const block = screen.getByRole('region', { name: 'Filtering' });
    expect([...block.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['One line.', 'Another line.']);
    await waitFor(() => expect(data.me.readTutorial.map((entry) => entry._id)).toContain(oid(11)));
    await waitFor(() => expect(view.calls().filter((call) => call.startsWith('GET /api/users/me')).length).toBeGreaterThanOrEqual(2));
    expect(view.calls().filter((call) => call === `POST /api/users/tutorial/${LEARNER._id}`)).toHaveLength(1);
  });
});
