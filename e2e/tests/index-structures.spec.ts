import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectScreenFitsEveryone } from './support/content.js';

// Issue 23, index structures that move: the shipped lesson "Insertion, deletion and index cost"
// (content/courses/indexes-and-b-trees) has a ```btree block of order 2 starting from 10 20 30 40.
const COURSE = '6955b90772d3ec673e8f0ec9';
const TUTORIAL = '6955b9076ecdec0c908a1856';

test('a learner grows the lesson\'s B+ tree until its root splits, then steps back through the split', async ({ page, request }) => {
  await signIn(page, request);
  await page.goto(`/catalog/${COURSE}/tutorial/${TUTORIAL}`);
  const lab = page.getByRole('region', { name: 'B+ tree', exact: true });
  await expect(lab.getByText('Order d = 2: every node except the root holds 2 to 4 keys (the root 1 to 4), as in Ramakrishnan & Gehrke.')).toBeVisible();
  const drawing = lab.getByRole('img');
  const narration = lab.locator('[aria-live="polite"]');
  await expect(drawing).toHaveAccessibleName('B+ tree of 1 level. Leaves, linked left to right: [10 20 30 40].');

  // Keyboard only: type a key in the field and press Enter to insert it.
  const key = lab.getByLabel('Key');
  await key.fill('50');
  await key.press('Enter');
  await expect(narration).toHaveText('The root split, so a new root [30] is made above it: the tree grows to 2 levels.');
  for (let value = 60; value <= 130; value += 10) {
    await key.fill(String(value));
    await key.press('Enter');
    await expect(lab.getByText(/^Step \d+ of \d+$/)).toHaveText(/^Step (\d+) of \1$/);
  }
  await expect(narration).toHaveText('The root split, so a new root [70] is made above it: the tree grows to 3 levels.');
  await expect(drawing).toHaveAccessibleName(/^B\+ tree of 3 levels\. Level 1: \[70\]\. Level 2: \[30 50\] \[90 110\]\. /);
  await expectScreenFitsEveryone(page);

  await lab.getByRole('button', { name: 'Step back' }).click();
  await expect(narration).toHaveText('Split the internal node into [30 50] and [90 110], and push 70 up: it moves, it is not copied.');
  await lab.getByRole('button', { name: 'Step back' }).press('Enter');
  await expect(narration).toHaveText('Split the leaf into [90 100] and [110 120 130], and copy 110 up: it stays in the leaf too. The parent becomes [30 50 70 90 110].');
  await expect(drawing).toHaveAccessibleName(/^B\+ tree of 2 levels\. Level 1: \[30 50 70 90 110\]\. /);
  await lab.getByRole('button', { name: 'Step forward' }).click();
  await expect(narration).toHaveText(/^Split the internal node/);

  // At 390 px the tree scrolls inside its own box, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const canvas = lab.getByRole('region', { name: 'B+ tree drawing' });
  expect(await canvas.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});
