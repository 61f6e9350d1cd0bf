import { expect, test, type Page } from '@playwright/test';
import { authHeaders, signIn } from './support/accounts.js';
import { expectAccessible } from './support/accessibility.js';
import { expectNoSidewaysScroll, expectScreenFitsEveryone } from './support/content.js';

// Issue 22 in Chromium against `npm start` (svc-content syncs the shipped curriculum, SEED_DEMO).

function unique(label: string): string {
  return `${label}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

const box = (page: Page) => page.getByLabel('Search DBLearn').first();
const results = (page: Page) => page.getByRole('listbox', { name: 'Search results' });

test.describe('search', () => {
  test('from the navbar: results grouped by kind with marked words, opened by keyboard', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/catalog');
    const input = box(page);
    await input.click();
    await expect(page.getByRole('combobox', { name: 'Search DBLearn' })).toBeFocused();
    await page.keyboard.type('normalization');
    const list = results(page);
    await expect(list).toBeVisible();
    const courses = list.getByRole('group', { name: 'Courses' });
    const course = courses.getByRole('option').filter({ hasText: 'Normalization up to BCNF' });
    await expect(course).toBeVisible();
    await expect(course.locator('mark').first()).toHaveText(/normalization/i);
    await expect(course).toContainText('Relational Model');
    await expect(list.getByRole('option', { name: /All results for/ })).toBeVisible();
    await expectAccessible(page);

    // Arrow keys move the active option (aria-activedescendant), Escape closes, ArrowDown reopens.
    const combobox = page.getByRole('combobox', { name: 'Search DBLearn' });
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('ArrowDown');
      if ((await course.getAttribute('aria-selected')) === 'true') break;
    }
    await expect(course).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute('aria-activedescendant', (await course.getAttribute('id')) ?? '');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f]{24}$/);
    await expect(page.getByRole('heading', { name: 'Normalization up to BCNF' }).first()).toBeVisible();
    await expect(results(page)).toBeHidden();
  });

  test('a new Q&A question is found from the navbar within 2 s, its markup shown as text', async ({ page, request }) => {
    const { token } = await signIn(page, request);
    const word = unique('zebrafinch');
    const title = `Why <img src=x onerror=alert(1)> ${word}?`;
    const posted = await request.post('/api/qna', { headers: authHeaders(token), data: { topic: 'sql', title, description: 'A question body long enough to post.' } });
    expect(posted.status()).toBe(201);
    const started = Date.now();
    await page.goto('/qna');
    await box(page).click();
    await page.keyboard.type(word);
    const option = results(page).getByRole('group', { name: 'Q&A threads' }).getByRole('option').filter({ hasText: word });
    await expect(option).toContainText(title, { timeout: 2_000 + 1_000 });
    expect(Date.now() - started).toBeLessThan(6_000);
    await expect(option.locator('img')).toHaveCount(0);
    await expect(option).toContainText('Q&A › SQL');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/qna\/[0-9a-f]{24}$/);
  });

  test('the results page lists more, pages them and filters by kind', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/catalog');
    await box(page).click();
    await page.keyboard.type('join');
    await expect(results(page).getByRole('option').first()).toBeVisible();
    // Enter with no active option opens the full results page.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=join$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “join”' })).toBeVisible();
    const listed = page.locator('.search-page__results > li');
    await expect(listed).toHaveCount(6);
    await expectScreenFitsEveryone(page);

    const pager = page.getByRole('navigation', { name: 'Result pages' });
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/search\?q=join&page=2$/);
    await expect(pager).toContainText('Page 2 of');

    await page.getByRole('navigation', { name: 'Result kinds' }).getByRole('link', { name: /^Tutorials \(\d+\)$/ }).click();
    await expect(page).toHaveURL(/\/search\?q=join&kind=tutorial$/);
    await expect(page.locator('.search-page__meta').first()).toHaveText(/^Tutorials · /);
    for (const meta of await page.locator('.search-page__meta').allTextContents()) expect(meta).toMatch(/^Tutorials · .+ › .+/);
    await listed.first().getByRole('link').click();
    await expect(page).toHaveURL(/\/catalog\/[0-9a-f]{24}\/tutorial\/[0-9a-f]{24}$/);
  });

  test('on a 390 px window the box folds behind a Search button', async ({ page, request }) => {
    await signIn(page, request);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/catalog');
    const toggle = page.getByRole('button', { name: 'Search', exact: true });
    await expect(toggle).toBeVisible();
    await expect(box(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const combobox = page.getByRole('combobox', { name: 'Search DBLearn' });
    await expect(combobox).toBeFocused();
    await page.keyboard.type('bcnf');
    await expect(results(page).getByRole('option').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(results(page)).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
