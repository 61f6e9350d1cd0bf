import { expect, test } from '@playwright/test';
import { PASSWORD, registerViaApi, storedToken, uniqueEmail } from './support/accounts.js';

test.describe('signing up, in and out', () => {
  test('registering lands the learner signed in, with the token in localStorage under "token"', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Username').fill(uniqueEmail());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Intermediate').check();
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
    const token = await storedToken(page);
    expect(token?.split('.')).toHaveLength(3);
  });

  test('the register button stays disabled until every rule holds, and errors show per field', async ({ page }) => {
    await page.goto('/register');
    const submit = page.getByRole('button', { name: 'Register' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Username').fill('abc');
    await expect(page.getByText('E-mail must be 5 to 50 characters long.')).toBeVisible();
    await expect(submit).toBeDisabled();

    await page.getByLabel('Username').fill(uniqueEmail());
    await page.getByLabel('Password').fill(PASSWORD);
    await expect(submit).toBeDisabled();
    await page.getByLabel('Beginner').check();
    await expect(submit).toBeEnabled();
  });

  test('registering a taken e-mail shows the server message under the username field', async ({ page, request }) => {
    const { email } = await registerViaApi(request);
    await page.goto('/register');
    await page.getByLabel('Username').fill(email.toUpperCase());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Beginner').check();
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page.getByLabel('Username')).toHaveAccessibleDescription(/already registered/i);
    expect(await storedToken(page)).toBeNull();
  });

  test('logging in with the right password signs in; logging out clears the token and goes home', async ({ page, request }) => {
    const { email } = await registerViaApi(request);
    await page.goto('/login');
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
    expect(await storedToken(page)).toBeTruthy();

    await page.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    // "/" needs a signed-in user, so the signed-out visitor ends on the login page.
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password shows the server's message under the username field", async ({ page, request }) => {
    const { email } = await registerViaApi(request);
    await page.goto('/login');
    await page.getByLabel('Username').fill(email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(page.getByLabel('Username')).toHaveAccessibleDescription('Invalid email or password.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });
});
