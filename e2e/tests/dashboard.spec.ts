import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authHeaders, signIn, userIdOf } from './support/accounts.js';
import { adminToken, expectScreenFitsEveryone, firstInterviewQuestions, recordProgress, seedCourseWith, topicTotals } from './support/content.js';
import { profileAtScaleToken } from './support/profile-at-scale.js';

const region = (page: Page, name: string) => page.getByRole('region', { name });
const chartRow = (page: Page, label: string) => region(page, 'Progress by Topic').getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });

/**
 * The NoSQL row shows what the learner did out of every NoSQL tutorial and project in the catalogue.
 * Tests running beside this one may add NoSQL courses: the totals are read again, and the page
 * reloaded, until both were taken between the same two changes.
 */
async function expectNoSqlRow(page: Page, request: APIRequestContext, token: string, done: { tutorials: number; projects: number }) {
  let reads = 0;
  await expect(async () => {
    if (reads++ > 0) await page.reload();
    const totals = await topicTotals(request, token, 'nosql');
    await expect(chartRow(page, 'NoSQL')).toHaveText(`NoSQLTutorials${done.tutorials} / ${totals.tutorials}Projects${done.projects} / ${totals.projects}`, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

test.describe('the dashboard', () => {
  test('a new learner sees what to do next on /profile and /hub', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(region(page, 'Saved Interview Questions')).toContainText('Save a question to see it here.');
    await expect(region(page, 'Finished Projects')).toContainText('Finish a project to see it here.');
    await expect(region(page, 'Suggested Courses').getByRole('link')).toHaveCount(4);
    await expect(region(page, 'Stuck on something?').getByRole('link', { name: 'Ask' })).toHaveAttribute('href', '/qna?ask=1');
    await expectScreenFitsEveryone(page);

    await page.goto('/hub');
    await expect(page.getByRole('heading', { level: 1, name: 'My Course' })).toBeVisible();
    await expect(region(page, 'Enrolled Courses')).toContainText('You have not started a course yet.');
    await expect(page.getByRole('link', { name: 'Course Catalog' })).toHaveAttribute('href', '/catalog');
    await expectScreenFitsEveryone(page);
  });

  test('saved questions, a read tutorial and a finished project show on /profile and /hub, and follow a deleted project', async ({ page, request }) => {
    const admin = await adminToken(request);
    const course = await seedCourseWith(request, admin, { topic: 'nosql', tutorials: 2, projects: 2 });
    const { token } = await signIn(page, request);
    const userId = userIdOf(token);
    const [first, second] = await firstInterviewQuestions(request, token, 2);
    await recordProgress(request, token, userId, 'interview', first!._id);
    await recordProgress(request, token, userId, 'interview', second!._id);
    await recordProgress(request, token, userId, 'tutorial', course.tutorialIds[0]!);
    await recordProgress(request, token, userId, 'project', course.projects[0]!._id);

    await page.goto('/profile');
    const saved = region(page, 'Saved Interview Questions');
    await expect(saved.getByRole('link', { name: first!.question })).toHaveAttribute('href', '/interview?view=saved');
    await expect(saved.getByRole('link', { name: second!.question })).toBeVisible();
    await expect(region(page, 'Finished Projects').getByRole('link', { name: course.projects[0]!.title })).toHaveAttribute(
      'href',
      `/catalog/${course.courseId}/project/${course.projects[0]!._id}`,
    );
    await expectNoSqlRow(page, request, token, { tutorials: 1, projects: 1 });
    await expectScreenFitsEveryone(page);

    await page.goto('/hub');
    const enrolled = region(page, 'Enrolled Courses').getByRole('listitem');
    await expect(enrolled).toHaveCount(1);
    await expect(enrolled.getByRole('heading')).toHaveText(course.name);
    await expect(enrolled.getByRole('progressbar', { name: 'Tutorials read: 1 of 2' })).toBeVisible();
    await expect(enrolled.getByRole('progressbar', { name: 'Projects finished: 1 of 2' })).toBeVisible();
    await expect(enrolled.getByRole('link', { name: `Continue ${course.name}` })).toHaveAttribute(
      'href',
      `/catalog/${course.courseId}/tutorial/${course.tutorialIds[1]}`,
    );
    await expectScreenFitsEveryone(page);

    // The admin deletes the finished project: it leaves /profile and the progress follows.
    const deleted = await request.delete(`/api/project/${course.projects[0]!._id}`, { headers: authHeaders(admin) });
    expect(deleted.status()).toBe(200);
    await expect(async () => {
      await page.goto('/profile');
      await expect(region(page, 'Finished Projects')).toContainText('Finish a project to see it here.', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expectNoSqlRow(page, request, token, { tutorials: 1, projects: 0 });
    await page.goto('/hub');
    await expect(region(page, 'Enrolled Courses').getByRole('progressbar', { name: 'Projects finished: 0 of 1' })).toBeVisible();
  });

  test('the topic buttons on /hub open the catalogue filtered to that topic', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/hub');
    await region(page, 'Browse by Topic').getByRole('link', { name: 'Relational Model' }).click();
    await expect(page).toHaveURL(/\/catalog\?topic=rm$/);
    await expect(page.getByRole('button', { name: 'Relational Model' })).toHaveAttribute('aria-pressed', 'true');
    await page.goBack();
    await region(page, 'Browse by Topic').getByRole('link', { name: 'SQL', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\?topic=sql$/);
    await expect(page.getByRole('button', { name: 'SQL', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  // A timing: measured with nothing else running (the "alone" project in playwright.config.ts), on
  // the learner that profile-at-scale.setup.ts made beside the other tests.
  test('/profile renders within a second with 50 saved questions, 50 finished projects and 200 read tutorials', { tag: '@alone' }, async ({ page }) => {
    const token = await profileAtScaleToken();
    await page.addInitScript((value) => window.localStorage.setItem('token', value), token);

    await page.goto('/about');
    // Timed in the page, frame by frame: from the click on User until every part shows its data.
    await page.evaluate(() => ((window as unknown as { clickedAt: number }).clickedAt = performance.now()));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User' }).click();
    const rendered = await page.waitForFunction(
      () => {
        const text = document.querySelector('main')?.textContent ?? '';
        const done = text.includes('All 50 saved questions') && text.includes('Show all 50') && /Tutorials200 \/ \d+/.test(text);
        return done ? performance.now() - (window as unknown as { clickedAt: number }).clickedAt : false;
      },
      undefined,
      { polling: 'raf', timeout: 10_000 },
    );
    const elapsed = Math.round(Number(await rendered.jsonValue()));
    console.log(`/profile rendered ${elapsed} ms after the click (50 saved, 50 finished, 200 read)`);
    expect(elapsed, `/profile took ${elapsed} ms`).toBeLessThan(1_000);
  });
});
