import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectAccessible } from './support/accessibility.js';
import { adminToken, expectNoSidewaysScroll } from './support/content.js';

// Issue 9 in Chromium against `npm start` (svc-community seeds its demo questions: SEED_DEMO).
const MARKUP = '<img src=x onerror=alert(1)> and <script>alert(2)</script>';

function unique(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

async function postViaForm(page: Page, title: string, description: string, topic: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Ask a question' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Question').fill(description);
  await form.getByLabel('Topic').selectOption({ label: topic });
  await form.getByRole('button', { name: 'Post Question' }).click();
}

async function postViaApi(request: APIRequestContext, token: string, title: string, description = 'A question body long enough.'): Promise<string> {
  const response = await request.post('/api/qna', { data: { topic: 'sql', title, description }, headers: { 'x-auth-token': token } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

// "First in the list", "newest first" page by page: the tests read the one shared question list, so
// they run in order in one worker (other files still run beside them).
test.describe.configure({ mode: 'default' });

test.describe('the Q&A forum', () => {
  test('a learner posts a question and finds it first in the list and under its topic', async ({ page, request }) => {
    const { displayName } = await signIn(page, request);
    await page.goto('/qna');
    const submit = page.getByRole('button', { name: 'Post Question' });
    await expect(submit).toBeDisabled();
    const title = unique('How do I pick a primary key?');
    await postViaForm(page, title, 'Natural key or surrogate key: which one and why?', 'Relational Model');
    const first = page.getByRole('list').filter({ has: page.getByRole('article') }).getByRole('article').first();
    await expect(first.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(first).toContainText(displayName);
    await expect(first).not.toContainText('@');
    await expect(first).toContainText('Relational Model');
    await expect(page.getByRole('form', { name: 'Ask a question' }).getByLabel('Title')).toHaveValue('');

    await page.getByRole('navigation', { name: 'Question topics' }).getByRole('button', { name: 'Relational Model' }).click();
    await expect(page).toHaveURL(/\/qna\?topic=rm$/);
    await expect(page.getByRole('article').first().getByRole('heading', { level: 3 })).toHaveText(title);
    for (const meta of await page.locator('.qna-meta__topic').allTextContents()) expect(meta).toBe('Relational Model');
  });

  test('the list pages six at a time, newest first', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/qna');
    await expect(page.getByRole('article')).toHaveCount(6);
    const firstPage = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    await page.getByRole('navigation', { name: 'Question pages' }).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/qna\?page=2$/);
    await expect(page.getByRole('article').first()).toBeVisible();
    const secondPage = await page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
    const dates = await page.locator('.qna-item time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  test('a learner opens a question, answers it, edits it and deletes their own answer', async ({ page, request }) => {
    const { displayName } = await signIn(page, request);
    await page.goto('/qna?ask=1');
    await expect(page.getByRole('form', { name: 'Ask a question' }).getByLabel('Title')).toBeFocused();
    const title = unique('Why is my GROUP BY query slow?');
    await postViaForm(page, title, 'It scans the whole orders table every time.', 'SQL');
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/qna\/[0-9a-f]{24}$/);
    const question = page.getByRole('article', { name: title });
    await expect(question).toContainText(displayName);
    await expect(question).toContainText('SQL');
    await expect(question).toContainText('It scans the whole orders table every time.');

    const answerForm = page.getByRole('form', { name: 'Answer the question' });
    await answerForm.getByLabel('Answer').fill('Too short');
    await expect(answerForm.getByRole('button', { name: 'Post Answer' })).toBeDisabled();
    await answerForm.getByLabel('Answer').fill('Add an index on the grouped column and check the plan.');
    await answerForm.getByRole('button', { name: 'Post Answer' }).click();
    const answers = page.getByRole('region', { name: /Answers/ });
    await expect(answers.getByText('Add an index on the grouped column and check the plan.')).toBeVisible();
    await expect(answers.getByRole('heading', { name: 'Answers (1)' })).toBeVisible();

    await question.getByRole('link', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/qna\/edit\/[0-9a-f]{24}$/);
    const edited = `${title} (edited)`;
    const editForm = page.getByRole('form', { name: 'Edit the question' });
    await editForm.getByLabel('Title').fill(edited);
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: edited })).toBeVisible();

    await answers.getByRole('button', { name: `Delete the answer by ${displayName}` }).click();
    await answers.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(answers.getByText('No answers yet. Be the first to answer.')).toBeVisible();
  });

  test("another learner sees no edit or delete controls on someone else's question", async ({ page, request, browser }) => {
    const author = await signIn(page, request);
    const id = await postViaApi(request, author.token, unique('A question by the author'));
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    await signIn(other, request);
    await other.goto(`/qna/${id}`);
    await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await expect(other.getByRole('button', { name: /Delete/ })).toHaveCount(0);
    await other.goto(`/qna/edit/${id}`);
    await expect(other.getByRole('heading', { name: 'Only the author can edit this question' })).toBeVisible();
    await otherContext.close();
  });

  test("an admin deletes someone else's question", async ({ page, request }) => {
    const author = await signIn(page, request);
    const title = unique('A question the admin removes');
    const id = await postViaApi(request, author.token, title);
    const token = await adminToken(request);
    await page.addInitScript((admin) => window.localStorage.setItem('token', admin), token);
    await page.goto(`/qna/${id}`);
    const question = page.getByRole('article', { name: title });
    await expect(question.getByRole('link', { name: 'Edit' })).toHaveCount(0);
    await question.getByRole('button', { name: 'Delete this question' }).click();
    await question.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page).toHaveURL(/\/qna$/);
    expect((await request.get(`/api/qna/${id}`, { headers: { 'x-auth-token': token } })).status()).toBe(404);
  });

  test('markup in a question is shown as text and never runs', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signIn(page, request);
    await page.goto('/qna');
    const title = unique('<script>alert(3)</script> in a title');
    await postViaForm(page, title, MARKUP, 'Basic Concepts');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('link', { name: title }).click();
    const question = page.getByRole('article', { name: title });
    await expect(question.getByText(MARKUP)).toBeVisible();
    await expect(question.locator('img, script')).toHaveCount(0);
    await page.getByRole('form', { name: 'Answer the question' }).getByLabel('Answer').fill(MARKUP);
    await page.getByRole('form', { name: 'Answer the question' }).getByRole('button', { name: 'Post Answer' }).click();
    await expect(page.getByRole('region', { name: /Answers/ }).getByText(MARKUP)).toBeVisible();
    await expect(page.locator('.qna-thread img, .qna-thread script')).toHaveCount(0);
    await page.waitForTimeout(300);
    expect(dialogs).toEqual([]);
  });

  for (const width of [1280, 390]) {
    test(`every screen has no serious accessibility problem and fits ${width} px without sideways scrolling`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 });
      const { token } = await signIn(page, request);
      const id = await postViaApi(request, token, unique('A-very-long-unbroken-title-that-must-wrap-somewhere-on-a-phone-screen'), 'x'.repeat(400));
      // An answer by the author: the thread shows its Delete too.
      expect((await request.post(`/api/qna/${id}/replies`, { data: { reply: 'An answer long enough to show.' }, headers: { 'x-auth-token': token } })).status()).toBe(201);
      for (const path of ['/qna', `/qna/${id}`, `/qna/edit/${id}`]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
      }
      // The form with its error messages showing.
      await page.goto('/qna');
      await page.getByRole('form', { name: 'Ask a question' }).getByLabel('Title').fill('Too short');
      await expect(page.getByText('Title must be 10 to 3000 characters long.')).toBeVisible();
      await expectAccessible(page);
    });
  }
});
