import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { authHeaders, signIn } from './support/accounts.js';
import { adminToken, expectScreenFitsEveryone, signInAsAdmin, uniqueName } from './support/content.js';
import { writeQuery } from './support/editor.js';

// Issue 18 in the browser, against the real gateway and svc-content: hints one at a time after failures,
// the solution after three (recorded, and shown on the pass), quizzes, and checks graded by what the
// learner's statements leave behind.

const MEMBERS = "CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);\nINSERT INTO member VALUES (1, 'Ada', 'London'), (2, 'Edgar', 'Oxford'), (3, 'Grace', NULL), (4, 'Alan', 'London');";
const ACCOUNTS = 'CREATE TABLE account (id INTEGER PRIMARY KEY, owner TEXT NOT NULL, balance INTEGER NOT NULL);\nINSERT INTO account VALUES (1, \'Ada\', 500), (2, \'Edgar\', 100), (3, \'Grace\', 250);';

interface Lab {
  courseId: string;
  projectId: string;
}

/** A course (with `sandbox`, if given) and one project, made through the public API as the admin. */
async function lab(request: APIRequestContext, headers: Record<string, string>, sandbox?: string): Promise<Lab> {
  const course = await request.post('/api/course', { headers, data: { topic: 'sql', name: uniqueName('Graded'), teacher: 'Edgar Codd', length: '2 hours' } });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { _id: string })._id;
  if (sandbox) expect((await request.put(`/api/course/sandbox/${courseId}`, { headers, data: { kind: 'sql', source: sandbox } })).status()).toBe(200);
  const project = await request.post('/api/project', { headers, data: { title: uniqueName('Graded work'), difficulty: 'beginner', courseId } });
  expect(project.status()).toBe(201);
  return { courseId, projectId: ((await project.json()) as { _id: string })._id };
}

async function addCheck(request: APIRequestContext, headers: Record<string, string>, projectId: string, check: Record<string, unknown>): Promise<void> {
  const added = await request.put(`/api/project/check/${projectId}`, { headers, data: check });
  expect(added.status(), await added.text()).toBe(200);
}

const checkCard = (page: Page, number: number) => page.getByRole('region', { name: `Check ${number}` });

/** The page at 1280 px and at 390 px, kept with the test's results to be looked at. */
async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('a hint appears after each failed attempt; after three the solution is revealed, and the pass reads as solved with it', async ({ page, request }, testInfo) => {
  const headers = authHeaders(await adminToken(request));
  const { courseId, projectId } = await lab(request, headers, MEMBERS);
  await addCheck(request, headers, projectId, {
    kind: 'query',
    task: 'Names of the members who live in London.',
    referenceSql: "SELECT name FROM member WHERE city = 'London'",
    hints: ['The city is a column of member.', "Compare it with the text 'London'."],
    explanation: 'WHERE keeps the rows whose city is London; SELECT name keeps one column.',
  });

  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/catalog/${courseId}/project/${projectId}`);
  const card = checkCard(page, 1);
  await expect(card.getByText('This check has 2 hints: one appears after each attempt that does not pass.')).toBeVisible();
  const editor = card.getByRole('textbox', { name: 'Your query for check 1' });

  // A pasted answer (no table read) is right on the practice data only: the hidden data says so.
  await writeQuery(page, editor, "SELECT 'Ada' UNION ALL SELECT 'Alan'");
  await card.getByRole('button', { name: 'Check' }).click();
  // It says what kind of difference it is, never a hidden value.
  await expect(card.getByRole('alert')).toHaveText(/^Not passed: Your answer matches on the practice data but not on the hidden data: .+\.$/);
  await expect(card.getByRole('region', { name: 'Expected result' })).toHaveCount(0);
  const hints = card.getByRole('region', { name: 'Hints' });
  await expect(hints.getByRole('listitem')).toHaveText(['Hint 1: The city is a column of member.']);
  await expect(card.getByText('The solution can be shown after 2 more attempts that do not pass.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Show the solution' })).toHaveCount(0);

  await writeQuery(page, editor, 'SELECT name FROM member');
  await page.keyboard.press('Control+Enter');
  await expect(hints.getByRole('listitem')).toHaveText(['Hint 1: The city is a column of member.', "Hint 2: Compare it with the text 'London'."]);
  // The hints are the server's: a reload shows the ones earned.
  await page.reload();
  await expect(hints.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByText('The solution can be shown after one more attempt that does not pass.')).toBeVisible();

  await writeQuery(page, editor, "SELECT name FROM member WHERE city = 'Oxford'");
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByRole('alert')).toContainText('Not passed:');
  await expect(card.getByRole('region', { name: 'Expected result' })).toBeVisible();
  await card.getByRole('button', { name: 'Show the solution' }).click();
  const confirm = card.getByRole('group', { name: 'Show the solution of check 1?' });
  await expect(confirm).toContainText('This is recorded');
  await expect(confirm.getByRole('button', { name: 'Show it' })).toBeFocused();
  await screenshots(page, testInfo, 'check-panel-failed');
  await expectScreenFitsEveryone(page);
  await page.keyboard.press('Enter');
  const solution = card.getByRole('region', { name: 'Solution' });
  await expect(solution.getByLabel('SQL example')).toHaveText("SELECT name FROM member WHERE city = 'London'");
  await expect(solution).toContainText('WHERE keeps the rows whose city is London');

  await writeQuery(page, editor, "SELECT name FROM member WHERE city = 'London'");
  await card.getByRole('button', { name: 'Check' }).click();
  await expect(card.getByText('Solved with the solution shown')).toBeVisible();
  await expect(page.getByText('1 of 1 checks passed (1 with the solution shown)')).toBeVisible();
  await screenshots(page, testInfo, 'check-panel-solved');
  await expectScreenFitsEveryone(page);
  await page.reload();
  await expect(card.getByText('Solved with the solution shown')).toBeVisible();
});

test('a quiz passes: several right options, then a number; the answers never reach the page before', async ({ page, request }, testInfo) => {
  const headers = authHeaders(await adminToken(request));
  const { courseId, projectId } = await lab(request, headers);
  await addCheck(request, headers, projectId, {
    kind: 'quiz',
    task: 'R(A, B, C, D) with AB → CD and C → A. Which of these are candidate keys?',
    quiz: { type: 'choice', options: ['AB', 'BC', 'CD', 'ABC'], correct: [0, 1] },
    hints: ['A candidate key is minimal.'],
    explanation: 'AB and BC determine every attribute and no part of either does.',
  });
  await addCheck(request, headers, projectId, {
    kind: 'quiz',
    task: 'A file of 10,000 records of 100 bytes in 4,096-byte blocks, unspanned: how many blocks?',
    quiz: { type: 'number', answer: 250, tolerance: 0 },
  });
  const learnerView = await request.get(`/api/project/${projectId}`, { headers });
  expect(JSON.stringify(await learnerView.json())).not.toMatch(/"correct"|"answer"|candidate key is minimal/);

  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/catalog/${courseId}/project/${projectId}`);
  const choice = checkCard(page, 1);
  const options = choice.getByRole('group', { name: 'Your answer to check 1' });
  await expect(options).toContainText('Choose every option that is right.');
  await options.getByRole('checkbox', { name: 'AB', exact: true }).check();
  await options.getByRole('checkbox', { name: 'CD', exact: true }).check();
  await choice.getByRole('button', { name: 'Check' }).click();
  await expect(choice.getByRole('alert')).toContainText('Not passed: Not quite:');
  await expect(choice.getByRole('region', { name: 'Hints' })).toContainText('A candidate key is minimal.');
  await options.getByRole('checkbox', { name: 'CD', exact: true }).uncheck();
  // Keyboard only: Tab to the next box, Space ticks it.
  await options.getByRole('checkbox', { name: 'AB', exact: true }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(options.getByRole('checkbox', { name: 'BC', exact: true })).toBeChecked();
  await choice.getByRole('button', { name: 'Check' }).click();
  await expect(choice.getByRole('status').first()).toContainText('Passed');
  await expect(choice.getByText('Passed', { exact: true })).toBeVisible();

  const number = checkCard(page, 2);
  const field = number.getByRole('textbox', { name: 'Your answer to check 2' });
  // The learner check says it is a number quiz (quizType): words are refused in the page, before any attempt.
  await field.fill('lots');
  await field.press('Enter');
  await expect(number.getByRole('alert')).toHaveText('Write a number, e.g. 12 or 3.5.');
  await field.fill('250');
  await field.press('Enter');
  await expect(number.getByText('Passed', { exact: true })).toBeVisible();
  await expect(page.getByText('2 of 2 checks passed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finish' })).toBeEnabled();
  await screenshots(page, testInfo, 'quiz-panel');
  await expectScreenFitsEveryone(page);
});

test('a data-changing check is graded by what the statements leave behind, and a statement that must be refused is', async ({ page, request }) => {
  const headers = authHeaders(await adminToken(request));
  const { courseId, projectId } = await lab(request, headers, ACCOUNTS);
  await addCheck(request, headers, projectId, {
    kind: 'state',
    task: 'Move 100 from account 1 to account 2, in one transaction.',
    referenceSql: 'BEGIN;\nUPDATE account SET balance = balance - 100 WHERE id = 1;\nUPDATE account SET balance = balance + 100 WHERE id = 2;\nCOMMIT;',
    verifySql: 'SELECT id, balance FROM account ORDER BY id',
    probes: [],
  });
  await addCheck(request, headers, projectId, {
    kind: 'state',
    task: 'Create a table transfer(id, account_id, amount) whose account_id must name an existing account.',
    referenceSql: 'CREATE TABLE transfer (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id), amount INTEGER NOT NULL);',
    verifySql: 'SELECT count(*) FROM transfer',
    probes: [
      // Ids given: only SQLite numbers an INTEGER PRIMARY KEY by itself, and the save checks PostgreSQL too.
      { sql: 'INSERT INTO transfer (id, account_id, amount) VALUES (1, 1, 5)', expect: 'succeeds' },
      { sql: 'INSERT INTO transfer (id, account_id, amount) VALUES (2, 999, 5)', expect: 'fails' },
    ],
  });

  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/project/${projectId}`);
  const move = checkCard(page, 1);
  const statements = move.getByRole('textbox', { name: 'Your statements for check 1' });
  await expect(statements).toBeVisible();
  // Only half the transfer: the balances it leaves are wrong.
  await writeQuery(page, statements, 'UPDATE account SET balance = balance - 100 WHERE id = 1;');
  await move.getByRole('button', { name: 'Check' }).click();
  await expect(move.getByRole('alert')).toContainText('Not passed:');
  await expect(move.getByText('Not passed yet')).toBeVisible();
  await writeQuery(page, statements, 'BEGIN;\nUPDATE account SET balance = balance - 100 WHERE id = 1;\nUPDATE account SET balance = balance + 100 WHERE id = 2;\nCOMMIT;');
  await move.getByRole('button', { name: 'Check' }).click();
  await expect(move.getByText('Passed', { exact: true })).toBeVisible();

  const table = checkCard(page, 2);
  const create = table.getByRole('textbox', { name: 'Your statements for check 2' });
  // No foreign key: the orphan INSERT the task forbids goes through, and the check says so.
  await writeQuery(page, create, 'CREATE TABLE transfer (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, amount INTEGER NOT NULL);');
  await table.getByRole('button', { name: 'Check' }).click();
  await expect(table.getByRole('alert')).toContainText('INSERT INTO transfer (id, account_id, amount) VALUES (2, 999, 5)');
  await writeQuery(page, create, 'CREATE TABLE transfer (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES account(id), amount INTEGER NOT NULL);');
  await table.getByRole('button', { name: 'Check' }).click();
  await expect(table.getByText('Passed', { exact: true })).toBeVisible();
  await expect(page.getByText('2 of 2 checks passed')).toBeVisible();
  await expectScreenFitsEveryone(page);
});

test('an admin adds a quiz and a data-changing check in the editor; the server’s 400 shows at the field it names', async ({ page, request }, testInfo) => {
  const token = await signInAsAdmin(page, request);
  const { courseId, projectId } = await lab(request, authHeaders(token), ACCOUNTS);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/catalog/${courseId}/project/add/${projectId}`);
  const form = page.getByRole('form', { name: 'Add a check' });
  const add = form.getByRole('button', { name: 'Add check' });

  await form.getByRole('radio', { name: /SQL statements/ }).check();
  await form.getByLabel('Task').fill('Give every account 10 more.');
  await writeQuery(page, form.getByRole('textbox', { name: 'Reference statements' }), 'UPDATE account SET balance = balance + 10;');
  await writeQuery(page, form.getByRole('textbox', { name: 'Verification query' }), 'SELECT id,\n  nope FROM account');
  await add.click();
  const verify = form.getByRole('textbox', { name: 'Verification query' });
  await expect(verify).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('alert').first()).toContainText('nope');
  await writeQuery(page, verify, 'SELECT id, balance FROM account ORDER BY id');
  await form.getByRole('button', { name: 'Add a hint' }).click();
  await form.getByLabel('Hint 1').fill('One UPDATE without WHERE touches every row.');
  await add.click();
  const first = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Check 1' }) });
  await expect(first).toContainText('Give every account 10 more.');
  await expect(first).toContainText('1 hint');

  await form.getByRole('radio', { name: 'Quiz' }).check();
  await form.getByLabel('Task').fill('Which SQL statement removes a table with its rows?');
  await form.getByLabel('Option 1', { exact: true }).fill('DELETE FROM t');
  await form.getByLabel('Option 2', { exact: true }).fill('DROP TABLE t');
  await form.getByRole('checkbox', { name: 'Option 2 is correct' }).check();
  await form.getByLabel('Explanation (optional)').fill('DELETE keeps the table; DROP TABLE removes it.');
  await screenshots(page, testInfo, 'check-editor');
  await expectScreenFitsEveryone(page);
  await add.click();
  const second = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Check 2' }) });
  await expect(second).toContainText('DROP TABLE t (correct)');
  const stored = (await (await request.get(`/api/project/check/${projectId}`, { headers: authHeaders(token) })).json()) as { checks: unknown[] };
  expect(stored.checks[1]).toMatchObject({ kind: 'quiz', quiz: { type: 'choice', options: ['DELETE FROM t', 'DROP TABLE t'], correct: [1] }, explanation: 'DELETE keeps the table; DROP TABLE removes it.' });
});

test('an exercise shows its difficulty, and its solution a second way with the trade-off (issue 33)', async ({ page, request }, testInfo) => {
  const headers = authHeaders(await adminToken(request));
  const { courseId, projectId } = await lab(request, headers, MEMBERS);
  await addCheck(request, headers, projectId, {
    kind: 'query',
    difficulty: 'medium',
    task: 'Members with no city on record: id and name, sorted by id.',
    referenceSql: 'SELECT id, name FROM member WHERE city IS NULL ORDER BY id',
    hints: ['A missing city is NULL, and = NULL is never true.'],
    explanation: 'IS NULL tests for the missing value itself.',
    alternative: { sql: "SELECT id, name FROM member WHERE COALESCE(city, '') = '' ORDER BY id", tradeoff: 'COALESCE also treats an empty city as missing, which may or may not be what you mean.' },
  });
  // A difficulty that does not exist is refused, and nothing is added.
  const refused = await request.put(`/api/project/check/${projectId}`, { headers, data: { task: 'A task long enough to be read.', referenceSql: 'SELECT 1', difficulty: 'trivial' } });
  expect(refused.status()).toBe(400);
  expect(await refused.text()).toContain('difficulty must be one of: easy, medium, hard.');

  await signIn(page, request);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/catalog/${courseId}/project/${projectId}`);
  const card = checkCard(page, 1);
  await expect(card.getByText('Difficulty: medium')).toBeVisible();
  const editor = card.getByRole('textbox', { name: 'Your query for check 1' });
  for (const left of ['The solution can be shown after 2 more attempts that do not pass.', 'The solution can be shown after one more attempt that does not pass.', null]) {
    await writeQuery(page, editor, 'SELECT id, name FROM member WHERE city = NULL ORDER BY id');
    await card.getByRole('button', { name: 'Check' }).click();
    if (left) await expect(card.getByText(left)).toBeVisible();
  }
  await card.getByRole('button', { name: 'Show the solution' }).click();
  await card.getByRole('button', { name: 'Show it' }).click();
  const solution = card.getByRole('region', { name: 'Solution' });
  await expect(solution.getByText('Another way')).toBeVisible();
  await expect(solution).toContainText("COALESCE(city, '') = ''");
  await expect(solution).toContainText('COALESCE also treats an empty city as missing');
  await expectScreenFitsEveryone(page);
  await screenshots(page, testInfo, 'difficulty-and-alternative');
});
