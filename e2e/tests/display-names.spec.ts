import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './support/accessibility.js';
import { authHeaders, PASSWORD, registerViaApi, signIn, uniqueEmail } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/content.js';

/** Issue 36: a display name chosen at sign-up, changed on /profile, shown on the forum instead of the e-mail. */

const WIDTHS = [1280, 390] as const;

function uniqueDisplayName(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}

/** Fits, passes axe, and is kept with the test's results to be looked at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, width: number): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

for (const width of WIDTHS) {
  test.describe(`display names at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a learner chooses a display name at sign-up, and the forum shows it, never the e-mail', async ({ page }, testInfo) => {
      const email = uniqueEmail();
      const name = uniqueDisplayName('Signup');
      await page.goto('/register');
      await page.getByLabel('Username').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByLabel('Display name (optional)').fill('no@signs here');
      await page.getByLabel('Beginner').check();
      await expect(page.getByLabel('Display name (optional)')).toHaveAccessibleDescription('Shown on the forum instead of your e-mail: 3–30 letters, digits, spaces, ".", "_" or "-". Display name may use only letters, digits, spaces, ".", "_" and "-".');
      await expect(page.getByRole('button', { name: 'Register' })).toBeDisabled();
      await page.getByLabel('Display name (optional)').fill(name);
      await checkScreen(page, testInfo, 'sign-up', width);
      await page.getByRole('button', { name: 'Register' }).click();
      await expect(page).toHaveURL(/\/$/);

      await page.goto('/qna?ask=1');
      const form = page.getByRole('form', { name: 'Ask a question' });
      const title = `Display name question ${Math.random().toString(36).slice(2, 8)}`;
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Question').fill('Which name does the forum show for me?');
      await form.getByLabel('Topic').selectOption({ label: 'SQL' });
      await form.getByRole('button', { name: 'Post Question' }).click();
      const item = page.getByRole('article').filter({ hasText: title });
      await expect(item).toContainText(name);
      await expect(item).not.toContainText('@');
    });

    test('a learner renames on /profile and the thread shows the new name', async ({ page, request }, testInfo) => {
      const { token, displayName } = await signIn(page, request);
      const title = `Renamed author question ${Math.random().toString(36).slice(2, 8)}`;
      const posted = await request.post('/api/qna', { headers: authHeaders(token), data: { topic: 'sql', title, description: 'Whose name is on this?' } });
      expect(posted.status()).toBe(201);
      const { _id } = (await posted.json()) as { _id: string };
      const reader = await registerViaApi(request);
      const thread = await request.get(`/api/qna/${_id}`, { headers: authHeaders(reader.token) });
      expect(await thread.text()).not.toContain('@');

      await page.goto('/profile');
      const account = page.getByRole('region', { name: 'Your account' });
      await expect(account).toContainText(`Others see you as ${displayName}.`);
      await checkScreen(page, testInfo, 'profile', width);
      const renamed = uniqueDisplayName('Renamed');
      await account.getByRole('textbox', { name: 'Display name', exact: true }).fill(renamed);
      await account.getByRole('button', { name: 'Save name' }).click();
      await expect(account).toContainText(`Others see you as ${renamed}.`);

      await page.goto(`/qna/${_id}`);
      const question = page.getByRole('article', { name: title });
      await expect(question).toContainText(renamed);
      await expect(question).not.toContainText(displayName);
      await expectAccessible(page);
    });
  });
}
