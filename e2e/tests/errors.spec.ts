import { expect, test } from '@playwright/test';
import { PASSWORD, registerViaApi } from './support/accounts.js';

// SPEC §8: any answer outside 400–499, or none at all, is a toast "Unexpected Error" (top-right,
// closing by itself after 5 s); it is not shown under a field.
test.describe('when the server cannot be reached', () => {
  test('logging in shows "Unexpected Error" top-right, which closes by itself', async ({ page, request }) => {
    const { email } = await registerViaApi(request);
    await page.goto('/login');
    // The connection drops: the browser gets no answer at all.
    await page.route('**/api/auth', (route) => route.abort('connectionreset'));
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Unexpected Error' });
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(box!.x + box!.width / 2).toBeGreaterThan(viewport.width / 2);
    expect(box!.y).toBeLessThan(viewport.height / 4);
    await expect(page.getByLabel('Username')).not.toHaveAccessibleDescription(/Unexpected/);
    await expect(toast).toBeHidden({ timeout: 8_000 });
  });
});
