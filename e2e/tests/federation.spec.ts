import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';

// The dashboard area is served by a stand-in remote (fixtures/dashboard-probe) registered at run time
// from /remotes.json; the other three areas point at a closed port.
test.describe('a deployed remote', () => {
  test("is loaded at run time and shares the shell's store and router", async ({ page, request }) => {
    const { email } = await signIn(page, request);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Dashboard probe' })).toBeVisible();
    // Only the shell's one store knows who is signed in.
    await expect(page.getByTestId('probe-email')).toHaveText(email);
    // Its own endpoint, under its own tag type, injected into the shell's one base API.
    await expect(page.getByTestId('probe-skill')).toHaveText(/^(beginner|intermediate|professional)$/);

    // The remote's link moves the shell's router: no page load, the navbar stays.
    await page.evaluate(() => ((window as unknown as { probeMarker: boolean }).probeMarker = true));
    await page.getByRole('link', { name: 'Go to the hub' }).click();
    await expect(page).toHaveURL(/\/hub$/);
    await expect(page.getByRole('heading', { name: 'Hub probe' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { probeMarker?: boolean }).probeMarker)).toBe(true);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logout' })).toBeVisible();
  });

  test('works beside an area that is not deployed', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/interview');
    await expect(page.getByRole('heading', { name: /This part of DBLearn is unavailable/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard probe' })).toBeVisible();
  });
});
