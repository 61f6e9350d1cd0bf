import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, signIn } from './support/accounts.js';
import { adminToken, expectScreenFitsEveryone, MEMBERS_SANDBOX, signInAsAdmin, uniqueName } from './support/content.js';
import { expectMarkedLine, markedLines, writeQuery } from './support/editor.js';

// Issue 11, checked projects in the browser: the learner's Check and Finish on the project page, the
// admin's check editor on the project form, against the real gateway, svc-content and svc-users.


interface Lab {
  courseId: string;
  projectId: string;
}

/** A course with the members sandbox and one project, made through the public API as the admin. */
async function memberLab(request: APIRequestContext, headers: Record<string, string>): Promise<Lab> {
  const course = await request.post('/api/course', { headers, data: { topic: 'sql', name: uniqueName('Checked'), teacher: 'Edgar Codd', length: '2 hours' } });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { _id: string })._id;
  expect((await request.put(`/api/course/sandbox/${courseId}`, { headers, data: { kind: 'sql', source: MEMBERS_SANDBOX } })).status()).toBe(200);
  const project = await request.post('/api/project', { headers, data: { title: uniqueName('Members report'), difficulty: 'beginner', courseId } });
  expect(project.status()).toBe(201);
  return { courseId, projectId: ((await project.json()) as { _id: string })._id };
}

const checkCard = (page: Page, number: number) => page.getByRole('region', { name: `Check ${number}` });

test('a learner fails a check and sees why, with the first rows of both results', async ({ page, request }) => {
  const headers = { 'x-auth-token': await adminToken(request) };
  const lab = await memberLab(request, headers);
  const added = await request.put(`/api/project/check/${lab.projectId}`, { headers, data: { task: 'Names of all members, alphabetically.', referenceSql: 'SELECT name FROM member ORDER BY name' } });
  expect(added.status()).toBe(200);

  await signIn(page, request);
  await page.goto(`/catalog/${lab.courseId}/project/${lab.projectId}`);
  const card = checkCard(page, 1);
  await expect(card).toContainText('Names of all members, alphabetically.');
  // The messages below are SQLite's (PostgreSQL, the default, words its own: engine-switch.spec.ts).
  await card.getByRole('radio', { name: 'SQLite' }).check();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
  await expect(page.getByText('0 of 1 checks passed')).toBeVisible();

  const editor = card.getByRole('textbox', { name: 'Your query for check 1' });
  await writeQuery(page, editor, "SELECT name FROM member WHERE name <> 'Edgar' ORDER BY name");
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('alert')).toHaveText("Not passed: 1 expected row is missing, e.g. ('Edgar').");
  const yours = card.getByRole('region', { name: 'Your result' }).getByRole('row');
  await expect(yours).toHaveText(['name', 'Ada', 'Grace']);
  const expected = card.getByRole('region', { name: 'Expected result' }).getByRole('row');
  await expect(expected).toHaveText(['name', 'Ada', 'Edgar', 'Grace']);
  await expect(card.getByText('Not passed yet')).toBeVisible();
  await expectScreenFitsEveryone(page);

  // An error is the database's own message with the line its statement starts on, that line marked
  // in the editor (as in a lesson) until the next edit; Ctrl+Enter checks too.
  await writeQuery(page, editor, 'SELECT count(*) FROM member;\nSELECT name FROM nowhere');
  await page.keyboard.press('Control+Enter');
  await expect(card.getByRole('alert')).toHaveText('Not passed: Line 2: no such table: nowhere');
  await expect(card.getByRole('region', { name: 'Your result' })).toHaveCount(0);
  await expectMarkedLine(card, 'SELECT name FROM nowhere', 2);
  await expectScreenFitsEveryone(page);
  await page.keyboard.type(' ');
  await expect(markedLines(card)).toHaveCount(0);

  // What the learner typed is kept in this browser: a reload shows it again, ready to Check.
  await writeQuery(page, editor, "SELECT name\nFROM member\nWHERE city = 'London'");
  await page.reload();
  await expect(editor).toHaveText("SELECT nameFROM memberWHERE city = 'London'");
  await expect(card.getByRole('button', { name: 'Check' })).toBeEnabled();
});

test('a learner passes every check of a demo project, Finishes it, and the finish shows on progress', async ({ page, request }) => {
  const admin = await adminToken(request);
  // A demo SQL course's project with its (at least two) checks; the admin's call gives their reference queries.
  const courses = (await (await request.get('/api/course?topic=sql&page=1&pageSize=6', { headers: authHeaders(admin) })).json()) as { _id: string; projects: { _id: string; title: string }[] }[];
  const course = courses.find((item) => item.projects.length > 0)!;
  const project = course.projects[0]!;
  const stored = (await (await request.get(`/api/project/check/${project._id}`, { headers: authHeaders(admin) })).json()) as { checks: { _id: string; referenceSql: string }[] };
  expect(stored.checks.length).toBeGreaterThanOrEqual(2);

  await signIn(page, request);
  await page.goto(`/catalog/${course._id}/project/${project._id}`);
  await expect(page.getByRole('heading', { level: 1, name: project.title })).toBeVisible();
  const finish = page.getByRole('button', { name: 'Finish' });
  await expect(finish).toBeDisabled();
  for (const [index, check] of stored.checks.entries()) {
    const card = checkCard(page, index + 1);
    await writeQuery(page, card.getByRole('textbox', { name: `Your query for check ${index + 1}` }), check.referenceSql);
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByRole('status').first()).toHaveText('✓ Passed: your result matches.');
    await expect(card.getByText('Passed', { exact: true })).toBeVisible();
  }
  await expect(page.getByText(`${stored.checks.length} of ${stored.checks.length} checks passed`)).toBeVisible();
  await expectScreenFitsEveryone(page);

  // The passes are the server's: a reload still shows them, and Finish is available.
  await page.reload();
  await expect(checkCard(page, 1).getByText('Passed', { exact: true })).toBeVisible();
  await expect(finish).toBeEnabled();
  await finish.click();
  await expect(page.getByRole('button', { name: /Finished/ })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/profile');
  await expect(page.getByRole('region', { name: 'Finished Projects' }).getByRole('link', { name: project.title })).toBeVisible();
});

test('Finish shows the server’s refusal when a check was added after the learner passed the others', async ({ page, request }) => {
  const headers = { 'x-auth-token': await adminToken(request) };
  const lab = await memberLab(request, headers);
  await request.put(`/api/project/check/${lab.projectId}`, { headers, data: { task: 'How many members are there?', referenceSql: 'SELECT count(*) FROM member' } });

  await signIn(page, request);
  await page.goto(`/catalog/${lab.courseId}/project/${lab.projectId}`);
  const card = checkCard(page, 1);
  await writeQuery(page, card.getByRole('textbox', { name: 'Your query for check 1' }), 'SELECT count(id) FROM member');
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('1 of 1 checks passed')).toBeVisible();
  // Meanwhile the admin adds a second check: the page still thinks all is passed, the server does not.
  await request.put(`/api/project/check/${lab.projectId}`, { headers, data: { task: 'Members who live in London.', referenceSql: "SELECT name FROM member WHERE city = 'London'" } });
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('alert')).toHaveText('Pass every check of this project before finishing it: 1 check is left: “Members who live in London.”');
  // The page catches up: the new check shows, and Finish waits for it.
  await expect(checkCard(page, 2)).toContainText('Members who live in London.');
  await expect(page.getByText('1 of 2 checks passed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeDisabled();
});

test('an admin adds a check whose query does not run and sees why, then a good one, edits it, then deletes it', async ({ page, request }) => {
  const token = await signInAsAdmin(page, request);
  const lab = await memberLab(request, authHeaders(token));
  await page.goto(`/catalog/${lab.courseId}/project/add/${lab.projectId}`);
  await expect(page.getByText('No checks yet')).toBeVisible();

  const form = page.getByRole('form', { name: 'Add a check' });
  const add = form.getByRole('button', { name: 'Add check' });
  await form.getByLabel('Task').fill('Names of the members in Oxford.');
  const reference = form.getByRole('textbox', { name: 'Reference query' });
  await writeQuery(page, reference, "SELECT count(*) FROM member;\nSELECT nope FROM member WHERE city = 'Oxford'");
  await add.click();
  await expect(form.getByRole('alert')).toHaveText("The reference query does not run on the course's sandbox: Line 2: no such column: nope");
  await expectMarkedLine(form, "SELECT nope FROM member WHERE city = 'Oxford'", 2);
  await expect(page.getByRole('heading', { name: 'Check 1' })).toHaveCount(0);
  await expectScreenFitsEveryone(page);

  await writeQuery(page, reference, "SELECT name FROM member WHERE city = 'Oxford'");
  await add.click();
  const stored = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Check 1' }) });
  await expect(stored).toContainText('Names of the members in Oxford.');
  await expect(stored.getByLabel('SQL example')).toHaveText("SELECT name FROM member WHERE city = 'Oxford'");
  await expect(form.getByLabel('Task')).toHaveValue('');
  await expectScreenFitsEveryone(page);

  // The learner's page shows the task, never the query.
  const project = (await (await request.get(`/api/project/${lab.projectId}`, { headers: authHeaders(token) })).json()) as { checks: unknown[] };
  expect(JSON.stringify(project.checks)).not.toContain('SELECT');

  // Editing in place: a query that does not run is refused at the field and changes nothing; a new
  // query is saved under a new check id (old passes stop counting), a new wording alone keeps the id.
  const storedChecks = async () =>
    ((await (await request.get(`/api/project/check/${lab.projectId}`, { headers: authHeaders(token) })).json()) as { checks: { _id: string; task: string; referenceSql: string }[] }).checks;
  const [before] = await storedChecks();
  await stored.getByRole('button', { name: 'Edit check 1' }).click();
  const edit = page.getByRole('form', { name: 'Edit check 1' });
  await expect(edit.getByLabel('Task')).toHaveValue('Names of the members in Oxford.');
  await expect(edit.getByLabel('Task')).toBeFocused();
  await edit.getByLabel('Task').fill('Names of the members in London.');
  const editedReference = edit.getByRole('textbox', { name: 'Reference query' });
  await writeQuery(page, editedReference, "SELECT nope FROM member WHERE city = 'London'");
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByRole('alert')).toHaveText("The reference query does not run on the course's sandbox: Line 1: no such column: nope");
  await expectScreenFitsEveryone(page);
  expect(await storedChecks()).toEqual([before]);
  await writeQuery(page, editedReference, "SELECT name FROM member WHERE city = 'London'");
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(stored).toContainText('Names of the members in London.');
  await expect(stored.getByLabel('SQL example')).toHaveText("SELECT name FROM member WHERE city = 'London'");
  const [requeried] = await storedChecks();
  expect(requeried).toEqual({
    _id: expect.not.stringMatching(before!._id),
    kind: 'query',
    task: 'Names of the members in London.',
    referenceSql: "SELECT name FROM member WHERE city = 'London'",
    hints: [],
    explanation: '',
  });

  await stored.getByRole('button', { name: 'Edit check 1' }).click();
  await edit.getByLabel('Task').fill('Names of the members who live in London.');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(stored).toContainText('Names of the members in London.');
  await stored.getByRole('button', { name: 'Edit check 1' }).click();
  await edit.getByLabel('Task').fill('Names of the members who live in London.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(stored).toContainText('Names of the members who live in London.');
  expect((await storedChecks()).map((check) => check._id)).toEqual([requeried!._id]);

  await stored.getByRole('button', { name: 'Delete check 1' }).click();
  await page.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(page.getByText('No checks yet')).toBeVisible();

  // Issue 32: a reference that runs on SQLite only is refused on PostgreSQL at its field; the folded
  // "PostgreSQL variant" takes the form PostgreSQL runs, and the check is saved with it.
  await form.getByLabel('Task').fill('Days from New Year to the last day of January.');
  await writeQuery(page, reference, "SELECT julianday('2024-01-31') - julianday('2024-01-01') AS days");
  await add.click();
  await expect(form.getByRole('alert')).toHaveText(/^On PostgreSQL: The reference query does not run on the course's sandbox: Line 1: function julianday/);
  await form.getByText('PostgreSQL variant', { exact: true }).click();
  await writeQuery(page, form.getByRole('textbox', { name: 'Reference on PostgreSQL' }), "SELECT DATE '2024-01-31' - DATE '2024-01-01' AS days");
  await add.click();
  await expect(page.getByRole('heading', { name: 'Check 1' })).toBeVisible();
  await expect(form.getByText('PostgreSQL variant', { exact: true })).toBeVisible();
  expect((await storedChecks()).map((check) => (check as { referenceSqlPostgres?: string }).referenceSqlPostgres)).toEqual(["SELECT DATE '2024-01-31' - DATE '2024-01-01' AS days"]);
  await stored.getByRole('button', { name: 'Edit check 1' }).click();
  await expect(edit.getByText('PostgreSQL variant (set)')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Reference on PostgreSQL' })).toContainText("DATE '2024-01-31'");
  await expectScreenFitsEveryone(page);
});
