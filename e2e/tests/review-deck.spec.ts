import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './support/accessibility.js';
import { signIn } from './support/accounts.js';
import { expectNoSidewaysScroll } from './support/content.js';

/** Issue 34 §2: questions join the review deck from the bank, and three are reviewed with the keyboard alone. */

const WIDTHS = [1280, 390] as const;

/** Fits, passes axe, and is kept with the test's results to be looked at. */
async function checkScreen(page: Page, testInfo: TestInfo, name: string, width: number): Promise<void> {
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
}

for (const width of WIDTHS) {
  test.describe(`the review deck at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    test('a learner adds and saves questions, then reviews three cards with the keyboard', async ({ page, request }, testInfo) => {
      await signIn(page, request);
      await page.goto('/interview');
      const articles = page.getByRole('article');
      await expect(articles).toHaveCount(6);
      const texts: string[] = [];
      for (const index of [0, 1, 2]) texts.push((await articles.nth(index).getByRole('heading').textContent())!);
      // Two join by Add to Review, the third by being saved.
      for (const index of [0, 1]) {
        await articles.nth(index).getByRole('button', { name: 'Add to Review' }).click();
        await expect(page.getByText('Added to your review deck.').first()).toBeVisible();
      }
      await articles.nth(2).getByRole('button', { name: 'Save Question' }).click();
      await expect(articles.nth(2).getByRole('button', { name: 'Unsave Question' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Review (3 due)' })).toBeVisible();
      if (width === 1280) await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Review: 3 cards due' })).toBeVisible();

      await page.getByRole('link', { name: 'Review (3 due)' }).click();
      await expect(page).toHaveURL(/\/interview\/review$/);
      await expect(page.getByText('3 cards due · 3 in your deck')).toBeVisible();
      const seen: string[] = [];
      for (const grade of ['3', '4', '1']) {
        const question = page.getByRole('main').getByRole('heading', { level: 2 });
        await expect(question).toBeVisible();
        const text = (await question.textContent())!;
        expect(seen).not.toContain(text);
        seen.push(text);
        await expect(page.getByRole('region', { name: 'Answer' })).toHaveCount(0);
        await page.keyboard.press('Space');
        await expect(page.getByRole('region', { name: 'Answer' })).toBeVisible();
        if (seen.length === 1) await checkScreen(page, testInfo, 'review-answer', width);
        await page.keyboard.press(grade);
        await expect(page.getByRole('main').getByRole('heading', { level: 2, name: text })).toHaveCount(0);
      }
      expect([...seen].sort()).toEqual([...texts].sort());
      await expect(page.getByText('All caught up')).toBeVisible();
      await expect(page.getByText('3 in your deck')).toBeVisible();
      await checkScreen(page, testInfo, 'review-done', width);

      // The dashboard counts what is due today: nothing now.
      await page.goto('/profile');
      const review = page.getByRole('region', { name: 'Review' });
      await expect(review).toContainText('0 cards due today');
      await expect(review).toContainText('3 in your deck.');
    });
  });
}
