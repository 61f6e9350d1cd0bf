import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/accessibility.js';
import { signIn } from './support/accounts.js';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHELL_PAGES = ['/login', '/register', '/about', '/contact', '/not-found'];

/** True when the page is wider than the window (something scrolls sideways). */
function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe('the shell on a phone (390 px)', () => {
  test.use({ viewport: PHONE });

  test('the navbar folds into a Menu button that opens and closes the links', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Learning Hub' })).toBeHidden();
    // Folded, the bar is one short row, not a third of the screen.
    expect((await page.locator('header.navbar').boundingBox())!.height).toBeLessThan(90);

    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Learning Hub' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Logout' })).toBeVisible();
    await nav.getByRole('link', { name: 'Contact' }).click();
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  for (const path of SHELL_PAGES) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await scrollsSideways(page)).toBe(false);
    });
  }

  test('a signed-in page does not scroll sideways, with the menu open or not', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    expect(await scrollsSideways(page)).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    expect(await scrollsSideways(page)).toBe(false);
  });
});

test.describe('the shell for every person (axe-core)', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      for (const path of SHELL_PAGES) {
        test(`${path} has no serious or critical violations`, async ({ page }) => {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectAccessible(page);
        });
      }

      test('a signed-in page has none either, menu open', async ({ page, request }) => {
        await signIn(page, request);
        await page.goto('/about');
        await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
        if (viewport === PHONE) await page.getByRole('button', { name: 'Menu' }).click();
        await expectAccessible(page);
      });
    });
  }
});
