import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectAccessible } from './support/accessibility.js';
import { expectNoSidewaysScroll, openInApp, seedCourse, signInAsAdmin, uniqueName, type SeededCourse } from './support/content.js';

// mf-catalog in the platform as `npm start` runs it: the shell loads it through its manifest, and it
// talks to the real gateway, svc-content and svc-users.

/**
 * Oldest first: a course made by the test is on the last page of its list, or, when tests running
 * beside this one have since added courses of the same topic, a page or two before it.
 */
async function goToPageWith(page: Page, name: string) {
  await expect(page.getByRole('article').first()).toBeVisible();
  // After a topic change the previous list stays on screen (aria-busy) until the new one arrives:
  // count its pages only then, or a page button may vanish under the click.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const pages = page.getByRole('navigation', { name: /pages$/ });
  const buttons = pages.getByRole('button', { name: /^Page \d+$/ });
  if ((await buttons.count()) === 0) return;
  const last = Number((await buttons.last().getAttribute('aria-label'))?.replace(/^Page /, ''));
  // The buttons shown are the first, the last and the current page's neighbours: step back one at a time.
  for (let number = last; number >= Math.max(1, last - 2); number -= 1) {
    const button = pages.getByRole('button', { name: `Page ${number}`, exact: true });
    await button.click();
    // The page is shown once its button is the current one and its list is no longer loading.
    await expect(button).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    if ((await card(page, name).count()) > 0) return;
  }
}

function card(page: Page, name: string) {
  return page.getByRole('article', { name });
}

test.describe('a learner in the Learning Hub', () => {
  test('filters by topic, pages through courses, reads a tutorial and finishes a project and back', async ({ page, request }) => {
    const seeded = await seedCourse(request, 'nosql');
    await signIn(page, request);

    const started = Date.now();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Learning Hub' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    // SPEC: the first course list renders within a second on localhost (a loose bound for a shared CI box).
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect(page.getByRole('link', { name: /Add New Course/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
    expect(await page.getByRole('article').count()).toBeLessThanOrEqual(6);

    await page.getByRole('button', { name: 'NoSQL', exact: true }).click();
    await expect(page).toHaveURL(/topic=nosql/);
    await expect(page.getByRole('region', { name: 'NoSQL courses' })).toBeVisible();
    await goToPageWith(page, seeded.name);
    await expect(card(page, seeded.name)).toBeVisible();
    for (const badge of await page.locator('.catalog-course-card__topic').allTextContents()) expect(badge).toBe('NoSQL');
    await expect(card(page, seeded.name).getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeVisible();
    await expect(card(page, seeded.name)).toContainText('Edgar Codd');
    await expect(card(page, seeded.name)).toContainText('3 hours');

    await card(page, seeded.name).getByRole('link', { name: /GO!/ }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/${seeded.courseId}$`));
    await expect(page.getByRole('heading', { level: 1, name: seeded.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Tutorial' })).toHaveCount(0);
    const tutorialItem = page.getByRole('listitem').filter({ hasText: seeded.tutorialTitle });
    await expect(tutorialItem).not.toContainText('Read');

    await tutorialItem.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: seeded.tutorialTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What a key is' })).toContainText('A key identifies a row.');
    await expect(page.getByLabel('SQL example')).toHaveText('SELECT id FROM student;');
    await expect(page.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: /Go back/ }).first().click();
    await expect(page.getByRole('listitem').filter({ hasText: seeded.tutorialTitle })).toContainText('Read');

    await page.getByRole('link', { name: /^Projects \(/ }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/${seeded.courseId}/project$`));
    const projectItem = page.getByRole('listitem').filter({ hasText: seeded.projectTitle });
    await expect(projectItem).toContainText('INTERMEDIATE');
    await expect(projectItem.getByRole('img', { name: 'Not finished' })).toBeVisible();
    await projectItem.getByRole('link').click();

    await expect(page.getByRole('heading', { level: 1, name: seeded.projectTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your task' })).toContainText('Then write the queries.');
    await page.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(page.getByRole('button', { name: /Finished/ })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('link', { name: /Go back/ }).first().click();
    await expect(page.getByRole('listitem').filter({ hasText: seeded.projectTitle }).getByRole('img', { name: 'Finished' })).toBeVisible();

    // Still finished after a reload: the mark is on the server.
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: seeded.projectTitle }).getByRole('link').click();
    await page.getByRole('button', { name: /Finished/ }).click();
    await expect(page.getByRole('button', { name: 'Finish', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('button', { name: /Go to Top/ }).click();
    await page.getByRole('link', { name: /Go back/ }).first().click();
    await expect(page.getByRole('listitem').filter({ hasText: seeded.projectTitle }).getByRole('img', { name: 'Not finished' })).toBeVisible();
    await page.getByRole('link', { name: /Go Back/ }).click();
    await expect(page).toHaveURL(new RegExp(`/catalog/${seeded.courseId}$`));
  });

  test('opens Recommended Projects, a course\'s projects and a project', async ({ page, request }) => {
    const seeded = await seedCourse(request, 'fo');
    await signIn(page, request);
    await page.goto('/projectLandingPage');
    await expect(page.getByRole('heading', { level: 1, name: 'Recommended Projects' })).toBeVisible();
    await page.getByRole('button', { name: 'File Organization' }).click();
    await expect(page).toHaveURL(/topic=fo/);
    await goToPageWith(page, seeded.name);
    await card(page, seeded.name).getByRole('link', { name: /See Projects/ }).click();
    await expect(page).toHaveURL(new RegExp(`/projectLandingPage/${seeded.courseId}/project$`));
    await page.getByRole('listitem').filter({ hasText: seeded.projectTitle }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/projectLandingPage/${seeded.courseId}/project/${seeded.projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: seeded.projectTitle })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finish', exact: true })).toBeVisible();
    await page.getByRole('link', { name: /Go back/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`/projectLandingPage/${seeded.courseId}/project$`));
    await page.getByRole('link', { name: /Go Back/ }).click();
    await expect(page).toHaveURL(/\/projectLandingPage$/);
  });

  test('is told the forms are for admins, and unknown ids are "not found"', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/catalog/addOrEdit/new');
    await expect(page.getByRole('heading', { name: 'Only admins can edit content' })).toBeVisible();
    await page.goto('/catalog/6560f0c2a1b2c3d4e5f60718');
    await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
    await page.goto('/catalog/not-an-id/project/also-not-an-id');
    await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  });
});

test.describe('an admin in the Learning Hub', () => {
  test('adds, edits and deletes a course, its tutorials, its projects and their blocks, without a reload', async ({ page, request }) => {
    await signInAsAdmin(page, request);
    await page.goto('/catalog');
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    // A new course: every error on the way, then Submit.
    await page.getByRole('link', { name: /Add New Course/ }).click();
    await expect(page).toHaveURL(/\/catalog\/addOrEdit\/new$/);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Courses Name').fill('SQL');
    await expect(page.getByLabel('Courses Name')).toHaveAccessibleDescription('Courses Name must be 5 to 50 characters long.');
    const name = uniqueName('Relational design');
    await page.getByLabel('Courses Name').fill(name);
    await page.getByLabel('Relational Model').check();
    await page.getByLabel('Teacher Name').fill('Edgar Codd');
    await page.getByLabel('Total Time').fill('5 hours');
    await submit.click();
    await expect(page).toHaveURL(/\/catalog$/);
    await goToPageWith(page, name);
    await expect(card(page, name)).toBeVisible();

    // Edit: Submit turns to Saved.
    await card(page, name).getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByLabel('Courses Name')).toHaveValue(name);
    await page.getByLabel('Teacher Name').fill('Raymond Boyce');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Saved' })).toBeVisible();
    await page.getByRole('link', { name: /Go back/ }).click();
    await goToPageWith(page, name);
    await expect(card(page, name)).toContainText('Raymond Boyce');

    // A tutorial with a SQL block, then a second block, then one block deleted.
    await card(page, name).getByRole('link', { name: /GO!/ }).click();
    await expect(page.getByRole('heading', { name: 'No tutorials yet' })).toBeVisible();
    await page.getByRole('link', { name: 'New Tutorial' }).click();
    await page.getByLabel('Tutorial Name').fill('Keys and BCNF');
    await page.getByLabel('Header').fill('Candidate keys');
    await page.getByLabel('Detail').fill('A candidate key is a minimal superkey.\n```sql\nSELECT * FROM enrolment;\n```');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('link', { name: 'Keys and BCNF' }).click();
    await expect(page.getByLabel('SQL example')).toHaveText('SELECT * FROM enrolment;');
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Tutorial Name')).toHaveValue('Keys and BCNF');
    await page.getByLabel('Header').fill('Boyce-Codd normal form');
    await page.getByLabel('Detail').fill('Every determinant is a candidate key.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('region', { name: 'Boyce-Codd normal form' })).toBeVisible();
    await page.getByRole('region', { name: 'Candidate keys' }).getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page.getByRole('region', { name: 'Candidate keys' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Boyce-Codd normal form' })).toBeVisible();

    // A project with a block; then its page, a block deleted, and the project deleted from the list.
    await page.getByRole('link', { name: /Go back/ }).click();
    await page.getByRole('link', { name: /^Projects \(/ }).click();
    await page.getByRole('link', { name: /Add Project/ }).click();
    await page.getByLabel('Title').fill('Normalise a shop');
    await page.getByLabel('Professional').check();
    await page.getByLabel('Header').fill('Start here');
    await page.getByLabel('Detail').fill('Find the functional dependencies.');
    await page.getByRole('button', { name: 'Submit' }).click();
    const projectItem = page.getByRole('listitem').filter({ hasText: 'Normalise a shop' });
    await expect(projectItem).toContainText('PROFESSIONAL');
    await expect(projectItem.getByRole('img', { name: /finished/i })).toHaveCount(0);
    await projectItem.getByRole('link').click();
    await expect(page.getByRole('button', { name: 'Finish', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByLabel('Header').fill('Then decompose');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('region', { name: 'Then decompose' })).toBeVisible();
    await page.getByRole('region', { name: 'Start here' }).getByRole('button', { name: /Delete/ }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page.getByRole('region', { name: 'Start here' })).toHaveCount(0);
    await page.getByRole('link', { name: /Go back/ }).first().click();
    await page.getByRole('button', { name: 'Delete Normalise a shop' }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page.getByRole('heading', { name: 'No projects yet' })).toBeVisible();

    // The tutorial and the course go too.
    await page.getByRole('link', { name: /Go Back/ }).click();
    await page.getByRole('button', { name: 'Delete Keys and BCNF' }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(page.getByRole('heading', { name: 'No tutorials yet' })).toBeVisible();
    await page.getByRole('link', { name: /Go back/ }).click();
    await goToPageWith(page, name);
    await card(page, name).getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Confirm delete' }).click();
    await expect(card(page, name)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  });
});

/** Every catalogue screen with its heading; admins see every control, learners their own. */
function screensOf(seeded: SeededCourse, admin: boolean) {
  const reading: [path: string, heading: string][] = [
    ['/catalog', 'Learning Hub'],
    [`/catalog/${seeded.courseId}`, seeded.name],
    [`/catalog/${seeded.courseId}/tutorial/${seeded.tutorialId}`, seeded.tutorialTitle],
    [`/catalog/${seeded.courseId}/project`, 'Projects'],
    [`/catalog/${seeded.courseId}/project/${seeded.projectId}`, seeded.projectTitle],
    ['/projectLandingPage', 'Recommended Projects'],
    [`/projectLandingPage/${seeded.courseId}/project`, 'Projects'],
    [`/projectLandingPage/${seeded.courseId}/project/${seeded.projectId}`, seeded.projectTitle],
  ];
  const forms: [path: string, heading: string][] = [
    ['/catalog/addOrEdit/new', 'Add New Course'],
    [`/catalog/addOrEdit/${seeded.courseId}`, 'Edit Course'],
    [`/catalog/${seeded.courseId}/tutorial/add/new`, 'New Tutorial'],
    [`/catalog/${seeded.courseId}/tutorial/add/${seeded.tutorialId}`, 'Edit Tutorial'],
    [`/catalog/${seeded.courseId}/project/add/new`, 'Add Project'],
    [`/catalog/${seeded.courseId}/project/add/${seeded.projectId}`, 'Edit Project'],
  ];
  return admin ? [...reading, ...forms] : reading;
}

test.describe('every catalogue screen, at 1280 and 390 px', () => {
  for (const who of ['learner', 'admin'] as const) {
    test(`has no serious accessibility problem and never scrolls sideways, for ${who === 'admin' ? 'an admin' : 'a learner'}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const seeded = await seedCourse(request, 'sql');
      if (who === 'admin') await signInAsAdmin(page, request);
      else await signIn(page, request);
      // One page load, then the router, as a learner moves between screens: a load per screen and
      // width (44 in all) made these the suite's two longest tests.
      await page.goto('/');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        for (const [path, heading] of screensOf(seeded, who === 'admin')) {
          await openInApp(page, path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole('status')).toHaveCount(0);
          await expectNoSidewaysScroll(page);
          await expectAccessible(page);
        }
      }
    });
  }
});
