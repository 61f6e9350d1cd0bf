import { expect, test, type Request } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { seedCourse } from './support/content.js';

// Issue 20: an item read carries an entity tag, and a learner who comes back to a lesson gets it
// revalidated by the browser's own HTTP cache: the request carries If-None-Match and the answer
// (a 304, which Chromium reports as the cached 200) carries no body.

test('a learner who goes back to a lesson gets it without a body', async ({ page, request }) => {
  const seeded = await seedCourse(request, 'sql');
  await signIn(page, request);
  const reads: Request[] = [];
  page.on('requestfinished', (finished) => {
    if (new URL(finished.url()).pathname === `/api/tutorial/${seeded.tutorialId}`) reads.push(finished);
  });
  const lesson = `/catalog/${seeded.courseId}/tutorial/${seeded.tutorialId}`;

  await page.goto(lesson);
  await expect(page.getByRole('heading', { level: 1, name: seeded.tutorialTitle })).toBeVisible();
  await expect.poll(() => reads.length).toBe(1);
  const first = reads[0]!;
  const etag = (await first.response())?.headers().etag;
  expect(etag).toMatch(/^W\/"/);
  expect((await first.sizes()).responseBodySize).toBeGreaterThan(0);

  // Away (a full load of another page, so nothing is left in the page's memory) and back.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning Hub' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: seeded.tutorialTitle })).toBeVisible();
  await expect.poll(() => reads.length).toBe(2);
  const again = reads[1]!;
  expect(await again.headerValue('if-none-match')).toBe(etag);
  expect((await again.sizes()).responseBodySize).toBe(0);
});
