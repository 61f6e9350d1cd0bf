import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { course, oid, type CatalogStore } from '../../../../testing/data.js';
import { LEARNER, renderCatalog } from '../../../../testing/render-catalog.js';

function withTutorials(): CatalogStore {
  return {
    courses: [course(1, { name: 'SQL from scratch', tutorials: [{ _id: oid(10), title: 'SELECT' }, { _id: oid(11), title: 'WHERE' }], projects: [] })],
    tutorials: [{ _id: oid(11), title: 'WHERE', courseId: oid(1), contents: [{ _id: oid(40), header: 'Filtering', detail: 'One line.\nAnother line.' }] }],
    projects: [],
    me: { ...LEARNER, displayName: 'Learner Lee', savedQuestion: [], finishedProject: [], readTutorial: [{ _id: oid(10), courseId: oid(1) }] },
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

  it("opens the course's practice database: each collection with its count, fields and first documents", async () => {
    const data: CatalogStore = {
      ...withTutorials(),
      sandboxes: { [oid(1)]: { kind: 'mongo', source: JSON.stringify({ books: [{ _id: 1, title: 'Dune', year: 1965 }, { _id: 2, title: 'Emma', tags: ['classic'] }, { _id: 3 }], authors: [] }) } },
    };
    await renderCatalog(`/catalog/${oid(1)}/tutorial/${oid(11)}`, data);
    const database = await screen.findByRole('region', { name: 'Practice database' });
    const show = within(database).getByRole('button', { name: 'Show the collections' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(show);
    expect(within(database).getByRole('button', { name: 'Hide the collections' })).toHaveAttribute('aria-expanded', 'true');
    const books = await within(database).findByRole('region', { name: 'Collection books' });
    expect(within(books).getByRole('heading', { level: 3 })).toHaveTextContent('books 3 documents');
    expect(books).toHaveTextContent('Fields: _id, title, year, tags');
    expect(within(within(books).getByRole('region', { name: 'First documents of books' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '{ "_id": 1, "title": "Dune", "year": 1965 }',
      '{ "_id": 2, "title": "Emma", "tags": [ "classic" ] }',
    ]);
    expect(within(database).getByRole('region', { name: 'Collection authors' })).toHaveTextContent('authors No documents');
  });

  it('shows no practice database for a course without one', async () => {
    await renderCatalog(`/catalog/${oid(1)}/tutorial/${oid(11)}`, withTutorials());
    expect(await screen.findByRole('heading', { level: 1, name: 'WHERE' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Practice database' })).not.toBeInTheDocument());
  });
});
