import { expect, test } from '@playwright/test';
import { signIn, storedToken } from './support/accounts.js';
import { takeAreaOffline } from './support/remotes.js';

// SPEC §2: every route that needs a signed-in user.
const GUARDED_ROUTES = [
  '/',
  '/catalog',
  '/catalog/6560f0c2a1b2c3d4e5f60718',
  '/catalog/6560f0c2a1b2c3d4e5f60718/tutorial/6560f0c2a1b2c3d4e5f60719',
  '/catalog/6560f0c2a1b2c3d4e5f60718/tutorial/add/new',
  '/catalog/6560f0c2a1b2c3d4e5f60718/project',
  '/catalog/6560f0c2a1b2c3d4e5f60718/project/6560f0c2a1b2c3d4e5f60719',
  '/catalog/6560f0c2a1b2c3d4e5f60718/project/add/new',
  '/catalog/addOrEdit/new',
  '/projectLandingPage',
  '/projectLandingPage/6560f0c2a1b2c3d4e5f60718/project',
  '/interview',
  '/interview/new',
  '/qna',
  '/qna/6560f0c2a1b2c3d4e5f60718',
  '/qna/edit/6560f0c2a1b2c3d4e5f60718',
  '/hub',
  '/profile',
];

test.describe('a visitor', () => {
  for (const route of GUARDED_ROUTES) {
    test(`is sent from ${route} to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel('Username')).toBeVisible();
    });
  }

  test('sees "Page Not Found" on an unknown path, at /not-found', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  });

  test('can open About and Contact', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact' })).toBeVisible();
  });

  test('sees the signed-out navbar and the footer with six team contacts', async ({ page }) => {
    await page.goto('/login');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'DBLearn' })).toHaveAttribute('href', '/');
    await expect(nav.getByText('Online Education & Learning')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(nav.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('href', /#about$/);
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', /#contact$/);
    await expect(nav.getByRole('link', { name: 'Logout' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Learning Hub' })).toHaveCount(0);

    const contacts = page.locator('footer a[href^="mailto:"]');
    await expect(contacts).toHaveCount(6);
  });
});

test.describe('a signed-in learner', () => {
  test('sees the signed-in navbar', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/about');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
    await expect(nav.getByRole('link', { name: 'User' })).toHaveAttribute('href', '/profile');
    await expect(nav.getByRole('link', { name: 'Learning Hub' })).toHaveAttribute('href', '/catalog');
    await expect(nav.getByRole('link', { name: 'Recommended Projects' })).toHaveAttribute('href', '/projectLandingPage');
    await expect(nav.getByRole('link', { name: 'Interview Question' })).toHaveAttribute('href', '/interview');
    await expect(nav.getByRole('link', { name: 'Q&A' })).toHaveAttribute('href', '/qna');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Register' })).toHaveCount(0);
  });

  test('is sent home from /login and /register', async ({ page, request }) => {
    await signIn(page, request);
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login$/);
    await page.goto('/register');
    await expect(page).not.toHaveURL(/\/register$/);
  });

  test('sees a clear panel with Retry for an area that is offline, the rest keeps working, and Retry recovers', async ({ page, request }) => {
    await signIn(page, request);
    const bringBack = await takeAreaOffline(page, 'interview');
    await page.goto('/interview');
    await expect(page.getByRole('heading', { name: /This part of DBLearn is unavailable/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: /This part of DBLearn is unavailable/ })).toBeVisible();

    // A deployed area next to it works.
    await page.getByRole('navigation').getByRole('link', { name: 'Q&A' }).click();
    await expect(page).toHaveURL(/\/qna$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Questions & Answers' })).toBeVisible();
    // Back online, Retry loads the area.
    await page.goto('/interview');
    await expect(page.getByRole('heading', { name: /This part of DBLearn is unavailable/ })).toBeVisible();
    await bringBack();
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Interview Questions' })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'About' })).toBeVisible();
  });

  test('a token the server no longer accepts ends the session', async ({ page }) => {
    // Well-formed and unexpired, but signed with another secret: the first API call answers 401.
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({ _id: '6560f0c2a1b2c3d4e5f60718', email: 'ghost@dblearn.test', skill: 'beginner', isAdmin: false, exp: Math.floor(Date.now() / 1000) + 3600 }),
    ).toString('base64url');
    const forged = `${header}.${body}.${Buffer.from('not-a-signature').toString('base64url')}`;
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('token', token);
      }
    }, forged);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });
});
