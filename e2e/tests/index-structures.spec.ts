import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectScreenFitsEveryone } from './support/content.js';

// Issue 23, index structures that move: the shipped lesson "Insertion, deletion and index cost"
// (content/courses/indexes-and-b-trees) has a ```btree block of order 2 starting from 10 20 30 40.
const COURSE = '6955b90772d3ec673e8f0ec9';
const TUTORIAL = '6955b9076ecdec0c908a1856';
// "Hashed files" (content/courses/heap-sorted-hashed-files): extendible and linear hashing blocks.
const HASHING_COURSE = '6955b9068da6f5908cf96696';
const HASHING_TUTORIAL = '6955b9069cff6eb903a737fd';

test('a learner grows the lesson\'s B+ tree until its root splits, then steps back through the split', async ({ page, request }, testInfo) => {
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
  // Kept with the test's results, to be looked at.
  await lab.screenshot({ path: testInfo.outputPath('b-plus-tree-1280.png') });
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
  await lab.screenshot({ path: testInfo.outputPath('b-plus-tree-390.png') });
});

test('the hashed files lesson doubles an extendible directory and splits the linear file at Next', async ({ page, request }, testInfo) => {
  await signIn(page, request);
  await page.goto(`/catalog/${HASHING_COURSE}/tutorial/${HASHING_TUTORIAL}`);
  const extendible = page.getByRole('region', { name: 'Extendible hashing', exact: true });
  await expect(extendible.getByText('Directory, global depth 2')).toBeVisible();
  await extendible.getByLabel('Key').fill('20');
  await extendible.getByRole('button', { name: 'Insert' }).click();
  await expect(extendible.locator('[aria-live="polite"]')).toHaveText('Put 20 into bucket E: [4 12 20].');
  await expect(extendible.getByText('Directory, global depth 3')).toBeVisible();

  const linear = page.getByRole('region', { name: 'Linear hashing', exact: true });
  await linear.getByLabel('Key').fill('43');
  await linear.getByRole('button', { name: 'Insert' }).click();
  await expect(linear.locator('[aria-live="polite"]')).toHaveText('Split bucket 0 (the one Next points to) with h1: [32] stay, [44 36] go to the new bucket 4. Next moves to 1.');
  await expect(linear.getByRole('img')).toHaveAccessibleName(/bucket 3: \[31 35 7 11 43\] on 2 pages/);
  await extendible.screenshot({ path: testInfo.outputPath('extendible-1280.png') });
  await linear.screenshot({ path: testInfo.outputPath('linear-1280.png') });
  await expectScreenFitsEveryone(page);
});
