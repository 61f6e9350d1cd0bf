import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORD = 'correct-horse-1';

/** An e-mail no other test uses (5–50 characters, as the rules want). */
export function uniqueEmail(): string {
  return `e2e-${randomUUID().slice(0, 12)}@dblearn.test`;
}

/** What a sign-up gives back: `displayName` is what others see of the account (issue 36). */
export interface Registered {
  email: string;
  token: string;
  displayName: string;
}

/** Registers through the public API and returns the token the gateway hands back. */
export async function registerViaApi(request: APIRequestContext, email = uniqueEmail(), displayName?: string): Promise<Registered> {
  const signUp = () => request.post('/api/users', { data: { email, password: PASSWORD, skill: 'beginner', ...(displayName ? { displayName } : {}) } });
  let response = await signUp();
  // svc-users hashes one password per address at a time and lets one more wait (HashGate); the
  // suite's four workers all sign up from 127.0.0.1, so a third sign-up at that moment gets 429.
  for (let attempt = 1; response.status() === 429 && attempt <= 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    response = await signUp();
  }
  expect(response.status()).toBe(201);
  const token = response.headers()['x-auth-token'];
  expect(token).toBeTruthy();
  return { email, token: token!, displayName: ((await response.json()) as { displayName: string }).displayName };
}

/** Opens the app already signed in, the way a returning learner would be. */
export async function signIn(page: Page, request: APIRequestContext): Promise<Registered> {
  const account = await registerViaApi(request);
  await page.addInitScript((token) => window.localStorage.setItem('token', token), account.token);
  return account;
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

/** The `_id` claim of a token (the user id the /users/... calls take). */
export function userIdOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { _id: string })._id;
}

/** Headers for a call made as the holder of `token`. */
export function authHeaders(token: string): Record<string, string> {
  return { 'x-auth-token': token };
}
