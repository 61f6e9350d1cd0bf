import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, registerViaApi, signIn } from './support/accounts.js';
import { courseWithSandbox, expectScreenFitsEveryone, MEMBERS_SANDBOX, uniqueName } from './support/content.js';

// Issue 22 in Chromium against `npm start`: a live forum, Markdown with runnable ```sql, accepted answers.

async function postQuestion(request: APIRequestContext, token: string, fields: Record<string, unknown> = {}): Promise<string> {
  const response = await request.post('/api/qna', {
    headers: authHeaders(token),
    data: { topic: 'sql', title: uniqueName('A live question'), description: 'A question body long enough.', ...fields },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

/** A mark on the page's window: still there later means the page was never reloaded. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

test("a reply in one browser appears in another's open thread, and new questions on its list, without a reload", async ({ browser, page, request }) => {
  const asker = await registerViaApi(request);
  const questionId = await postQuestion(request, asker.token);
  await signIn(page, request);
  await page.goto(`/qna/${questionId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Answers (0)' })).toBeVisible();
  await markPage(page);

  const other = await browser.newContext();
  const replier = await other.newPage();
  await signIn(replier, request);
  await replier.goto(`/qna/${questionId}`);
  const text = `A live answer ${Date.now()} with enough words.`;
  await replier.getByRole('form', { name: 'Answer the question' }).getByLabel('Answer').fill(text);
  await replier.getByRole('button', { name: 'Post Answer' }).click();
  await expect(replier.getByText(text)).toBeVisible();

  // Within a second of the post's answer (the stream, not a poll, brings it).
  await expect(page.getByText(text)).toBeVisible({ timeout: 1_500 });
  await expect(page.getByRole('heading', { level: 2, name: 'Answers (1)' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A new answer was posted.' })).toBeVisible();
  await expectNotReloaded(page);
  await expectScreenFitsEveryone(page);

  // The list: questions others post are counted at the top and shown on click.
  await page.getByRole('link', { name: '← All questions' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await markPage(page);
  const newTitle = uniqueName('Posted meanwhile');
  await postQuestion(request, asker.token, { title: newTitle });
  // Another worker's spec may post a question in the same seconds: "1 new question" or more.
  const more = page.getByRole('button', { name: /^\d+ new questions?$/ });
  await expect(more).toBeVisible({ timeout: 1_500 });
  await expectScreenFitsEveryone(page);
  await more.click();
  await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: newTitle }) })).toBeVisible();
  await expect(more).toBeHidden();
  await expectNotReloaded(page);
  await other.close();
});

test('a Markdown question with a runnable ```sql block: previewed, posted, rendered inert, and run on the chosen sandbox', async ({ page, request }) => {
  const { name: courseName } = await courseWithSandbox(request, { kind: 'sql', source: MEMBERS_SANDBOX });

  await signIn(page, request);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  const beacons: string[] = [];
  page.on('request', (call) => {
    if (call.url().includes('tracker.example')) beacons.push(call.url());
  });
  await page.goto('/qna');
  const title = uniqueName('Why count members');
  const description = [
    'Why does **this** count *three*?',
    '',
    '```sql',
    'SELECT count(*) AS members FROM member;',
    '```',
    '',
    '<script>alert(1)</script> <img src="https://tracker.example/raw.png" onerror="alert(2)">',
    '',
    '[click me](javascript:alert(3)) and ![pixel](https://tracker.example/pixel.png) and [the docs](https://sqlite.org/lang_select.html)',
  ].join('\n');
  const form = page.getByRole('form', { name: 'Ask a question' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Question').fill(description);
  await form.getByLabel('Topic').selectOption({ label: 'SQL' });
  await form.getByLabel('Practice database for ```sql blocks').selectOption({ label: courseName });
  await form.getByRole('tab', { name: 'Preview' }).click();
  const preview = form.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.locator('strong')).toHaveText('this');
  await expect(preview.getByRole('button', { name: 'Run' })).toBeVisible();
  await form.getByRole('tab', { name: 'Write' }).click();
  await form.getByRole('button', { name: 'Post Question' }).click();
  await page.getByRole('link', { name: title }).click();

  const question = page.getByRole('article', { name: title });
  await expect(question.locator('em')).toHaveText('three');
  await expect(question).toContainText('<script>alert(1)</script>');
  expect(await question.locator('script, img, iframe').count()).toBe(0);
  expect(await question.locator('a[href^="javascript:"]').count()).toBe(0);
  const docs = question.getByRole('link', { name: 'the docs' });
  await expect(docs).toHaveAttribute('rel', /nofollow/);
  await expect(docs).toHaveAttribute('rel', /noopener/);
  await question.getByRole('button', { name: 'Run' }).click();
  await expect(question.getByRole('region', { name: 'Query result' }).getByRole('cell')).toHaveText('3');
  await expectScreenFitsEveryone(page);
  expect(alerts).toEqual([]);
  expect(beacons).toEqual([]);
});

test('the author accepts an answer: shown first and marked, and the list says solved', async ({ page, request }) => {
  const author = await registerViaApi(request);
  const questionId = await postQuestion(request, author.token, { title: uniqueName('Which answer') });
  const helper = await registerViaApi(request);
  for (const reply of ['The first answer, not the best one.', 'The second answer, the one that works.']) {
    const response = await request.post(`/api/qna/${questionId}/replies`, { headers: authHeaders(helper.token), data: { reply } });
    expect(response.status()).toBe(201);
  }
  await page.addInitScript((token) => window.localStorage.setItem('token', token), author.token);
  await page.goto(`/qna/${questionId}`);
  const answers = page.getByRole('region', { name: /Answers/ }).getByRole('listitem');
  await expect(answers).toHaveCount(2);
  await answers.nth(1).getByRole('button', { name: 'Accept this answer' }).click();
  await expect(answers.first()).toContainText('Accepted answer');
  await expect(answers.first()).toContainText('The second answer, the one that works.');
  await expect(answers.first().getByRole('button', { name: 'Accept this answer' })).toHaveCount(0);
  await expectScreenFitsEveryone(page);

  await page.getByRole('link', { name: '← All questions' }).click();
  const listed = page.getByRole('article').filter({ has: page.getByRole('link', { name: /Which answer/ }) }).first();
  await expect(listed).toContainText('Solved');
  await expectScreenFitsEveryone(page);
});
