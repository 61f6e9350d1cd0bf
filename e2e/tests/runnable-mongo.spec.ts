import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectAccessible } from './support/accessibility.js';
import { expectNoSidewaysScroll, expectScreenFitsEveryone, lab, MEMBERS_SANDBOX, signInAsAdmin, uniqueName } from './support/content.js';
import { expectMarkedLine, markedLines, writeQuery } from './support/editor.js';

// Issue 11, browser side (helper blocks-ui): ```mongo blocks run with mingo on the course's JSON
// sandbox, the schema view of a course's practice database, and the admin's sandbox editor.

const LIBRARY = JSON.stringify({
  books: [
    { _id: 1, title: 'Beloved', author: 'Toni Morrison', year: 1987 },
    { _id: 2, title: 'Jazz', author: 'Toni Morrison', year: 1992 },
    { _id: 3, title: 'Klara and the Sun', author: 'Kazuo Ishiguro', year: 2021 },
  ],
  authors: [{ _id: 'Toni Morrison', born: 1931 }],
});
const QUERY = 'db.books.find({"author": "Toni Morrison"}, {"title": 1, "_id": 0}).sort({"year": -1})';

test('a learner runs a ```mongo example on the course\'s collections, breaks it, sees why and resets it', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'mongo', source: LIBRARY }, `Books by one author, newest first:\n\`\`\`mongo\n${QUERY}\n\`\`\``);
  await signIn(page, request);
  const mingo: string[] = [];
  page.on('response', (response) => {
    if (/mingo/.test(response.url())) mingo.push(response.url());
  });
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const editor = page.getByRole('textbox', { name: 'MongoDB query example' });
  await expect(editor).toHaveText(QUERY);
  expect(mingo).toEqual([]);

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toHaveText('2 documents');
  await expect(page.getByRole('region', { name: 'Query result' }).getByRole('listitem')).toHaveText(['{ "title": "Jazz" }', '{ "title": "Beloved" }']);
  // mingo's browser bundle: one hashed, immutable file, fetched with the first Run.
  expect(mingo).toHaveLength(1);
  expect(mingo[0]).toMatch(/mingo\.min\.[0-9a-f]{8}\.js$/);
  await expectScreenFitsEveryone(page);

  // Not strict JSON: the parser's message with its line (nothing is evaluated); Ctrl+Enter runs too.
  await writeQuery(page, editor, 'db.books.find({\n  author: "Toni Morrison"\n})');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert')).toContainText('Line 2: the argument of .find() is not valid JSON');
  // The same error view as a ```sql block's, and the same mark on the line it names.
  await expect(markedLines(page)).toHaveText('  author: "Toni Morrison"');

  await writeQuery(page, editor, 'db.movies.find({})');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toHaveText('There is no collection "movies" here. The collections are: books, authors.');

  await writeQuery(page, editor, 'db.books.aggregate([{"$group": {"_id": "$author", "books": {"$sum": 1}}}, {"$sort": {"books": -1}}])');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('region', { name: 'Query result' }).getByRole('listitem')).toHaveText(['{ "_id": "Toni Morrison", "books": 2 }', '{ "_id": "Kazuo Ishiguro", "books": 1 }']);

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(editor).toHaveText(QUERY);
  await expect(page.getByRole('status')).toHaveCount(0);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toHaveText('2 documents');
  expect(mingo).toHaveLength(1);
});

test('a runaway ```mongo query is stopped after 5 s, the page stays responsive, and the next run works', async ({ page, request }) => {
  const books = JSON.stringify({ books: Array.from({ length: 40 }, (_, index) => ({ _id: index, title: `Book ${index}` })) });
  // Six nested $lookup stages: 40^7 documents visited (four take about 4–20 s here), far past 5 s, in little memory ($count).
  let pipeline = '[{"$count": "n"}]';
  for (let depth = 0; depth < 6; depth += 1) pipeline = `[{"$lookup": {"from": "books", "pipeline": ${pipeline}, "as": "x"}}, {"$count": "n"}]`;
  const runaway = `db.books.aggregate(${pipeline.replace(/, \{"\$count": "n"\}\]$/, ']')})`;
  const { courseId, tutorialId } = await lab(request, { kind: 'mongo', source: books }, `Every pair of pairs of pairs:\n\`\`\`mongo\n${runaway}\n\`\`\``);
  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const editor = page.getByRole('textbox', { name: 'MongoDB query example' });
  await expect(editor).toHaveText(runaway);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('button', { name: 'Running…' })).toBeDisabled();
  // The page still answers while the worker is busy.
  await page.getByRole('button', { name: 'Show the collections' }).click();
  await expect(page.getByRole('region', { name: 'Collection books' })).toContainText('40 documents');
  await expect(page.getByRole('alert')).toHaveText('Your query ran longer than 5 s and was stopped.', { timeout: 15_000 });

  await writeQuery(page, editor, 'db.books.find({"_id": 7})');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toHaveText('1 document');
  await expect(page.getByRole('region', { name: 'Query result' }).getByRole('listitem')).toHaveText(['{ "_id": 7, "title": "Book 7" }']);
});

test('the schema view lists each table of the practice database with its columns and first rows', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'sql', source: MEMBERS_SANDBOX }, 'Count them.\n```sql\nSELECT count(*) FROM member;\n```');
  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const database = page.getByRole('region', { name: 'Practice database' });
  // SQLite's reading, its declared types (PostgreSQL's: engine-switch.spec.ts).
  await database.getByRole('radio', { name: 'SQLite' }).check();
  const show = database.getByRole('button', { name: 'Show the tables' });
  await expect(show).toHaveAttribute('aria-expanded', 'false');
  await show.click();
  const member = database.getByRole('region', { name: 'Table member' });
  await expect(member.getByRole('heading')).toHaveText('member 3 rows');
  await expect(member.getByRole('list', { name: 'Columns of member' }).getByRole('listitem')).toHaveText(['id INTEGER, primary key', 'name TEXT, not null', 'city TEXT']);
  const rows = member.getByRole('region', { name: 'First 3 rows of member' }).getByRole('row');
  await expect(rows).toHaveText([/id\s*name\s*city/, /1\s*Ada\s*London/, /2\s*Edgar\s*Oxford/, /3\s*Grace\s*NULL/]);
  await expect(database.getByRole('button', { name: 'Hide the tables' })).toHaveAttribute('aria-expanded', 'true');
  await expectScreenFitsEveryone(page);
});

test('the schema view of a JSON sandbox shows each collection with a document or two', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'mongo', source: LIBRARY }, `Try it.\n\`\`\`mongo\n${QUERY}\n\`\`\``);
  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  await page.getByRole('button', { name: 'Show the collections' }).click();
  const books = page.getByRole('region', { name: 'Collection books' });
  await expect(books.getByRole('heading')).toHaveText('books 3 documents');
  await expect(books).toContainText('Fields: _id, title, author, year');
  await expect(books.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Collection authors' }).getByRole('heading')).toHaveText('authors 1 document');
  await expectAccessible(page);
});

test('an admin saves a sandbox that does not run and sees the line marked, then a good one that lessons use', async ({ page, request }) => {
  const token = await signInAsAdmin(page, request);
  const headers = { 'x-auth-token': token };
  const course = await request.post('/api/course', { headers, data: { topic: 'sql', name: uniqueName('Sandbox form'), teacher: 'Edgar Codd', length: '2 hours' } });
  const courseId = ((await course.json()) as { _id: string })._id;
  await page.goto(`/catalog/addOrEdit/${courseId}`);
  const form = page.getByRole('form', { name: 'Practice database' });
  await expect(page.getByText('This course has no practice database yet')).toBeVisible();
  await expect(form.getByLabel('SQL (SQLite script)')).toBeChecked();
  const script = form.getByRole('textbox', { name: 'Sandbox script' });
  const save = form.getByRole('button', { name: 'Save practice database' });

  await writeQuery(page, script, "CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT);\nINSERT INTO nowhere VALUES (1, 'Ada');");
  await save.click();
  await expect(form.getByRole('alert')).toHaveText('The sandbox script does not run: Line 2: no such table: nowhere');
  await expectMarkedLine(form, "INSERT INTO nowhere VALUES (1, 'Ada');", 2);
  await expect(script).toHaveAttribute('aria-invalid', 'true');
  expect((await request.get(`/api/course/sandbox/${courseId}`, { headers })).status()).toBe(404);
  await expectScreenFitsEveryone(page);
  // The next edit unmarks the line (it may no longer be the one).
  await script.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(' ');
  await expect(markedLines(form)).toHaveCount(0);

  await writeQuery(page, script, MEMBERS_SANDBOX);
  await save.click();
  await expect(form.getByRole('button', { name: 'Saved' })).toBeDisabled();
  await expect(form.getByRole('alert')).toHaveCount(0);
  // An admin reads the hidden variant too (null: derived from the source, issue 18).
  expect(await (await request.get(`/api/course/sandbox/${courseId}`, { headers })).json()).toEqual({ kind: 'sql', source: MEMBERS_SANDBOX, hiddenSource: null });

  // A broken JSON sandbox names its line too, and the page shows the stored one after a reload.
  await form.getByLabel('MongoDB (JSON collections)').check();
  await writeQuery(page, script, '{\n  "books": [\n    {"title": "Dune"},,\n  ]\n}');
  await form.getByRole('button', { name: 'Save practice database' }).click();
  await expect(form.getByRole('alert')).toContainText('Line 3');
  await expectMarkedLine(form, '{"title": "Dune"},,', 3);
  await page.reload();
  await expect(page.getByRole('form', { name: 'Practice database' }).getByRole('textbox', { name: 'Sandbox script' })).toContainText('CREATE TABLE member');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
});
