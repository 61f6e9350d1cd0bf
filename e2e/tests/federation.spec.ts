import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { REMOTE_PORTS, takeAreaOffline } from './support/remotes.js';

// Remotes are registered at run time from /remotes.json; each is served on its own port.
test.describe('a deployed remote', () => {
  test("is loaded at run time and shares the shell's store and router", async ({ page, request }) => {
    await signIn(page, request);
    const remoteFiles: string[] = [];
    page.on('response', (response) => {
      const { port, pathname } = new URL(response.url());
      if ([REMOTE_PORTS.dashboard, REMOTE_PORTS.interview].includes(Number(port))) remoteFiles.push(pathname);
    });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Its calls carry the shell's session: the profile and the catalogue answer, so its parts render.
    await expect(page.getByRole('region', { name: 'Suggested Courses' }).getByRole('link')).toHaveCount(4);
    expect(remoteFiles).toContain('/mf-manifest.json');

    // A link in one remote moves the shell's router into another remote: no page load, the navbar stays.
    await page.evaluate(() => ((window as unknown as { remoteMarker: boolean }).remoteMarker = true));
    await page.getByRole('region', { name: 'Saved Interview Questions' }).getByRole('link', { name: 'Browse interview questions' }).click();
    await expect(page).toHaveURL(/\/interview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Questions' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { remoteMarker?: boolean }).remoteMarker)).toBe(true);
    expect(remoteFiles.filter((path) => path === '/mf-manifest.json')).toHaveLength(2);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Logout' })).toBeVisible();
  });

  test('works beside an area that is offline', async ({ page, request }) => {
    await signIn(page, request);
    await takeAreaOffline(page, 'qna');
    await page.goto('/qna');
    await expect(page.getByRole('heading', { name: /This part of DBLearn is unavailable/ })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });
});
