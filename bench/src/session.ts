import { randomBytes } from 'node:crypto';
import { AUTH_HEADER, SKILLS } from '@dblearn/contracts';
import { apiUrl } from './options.js';

/** A run that cannot go on, in words for the person who started it (no stack). */
export class BenchError extends Error {}

export type Say = (message: string) => void;

export const START_HINT = 'Start the platform first with `npm start` (in another terminal), or set BENCH_URL to where it runs.';

/** GET /api/health answers at all (503 is fine: the calls we measure may still work). */
export async function checkReachable(base: URL, say: Say): Promise<void> {
  const url = apiUrl(base, '/health');
  let status: number;
  try {
    status = (await fetch(url, { signal: AbortSignal.timeout(5000) })).status;
  } catch {
    throw new BenchError(`Nothing answers at ${url}. ${START_HINT}`);
  }
  if (status !== 200) say(`note: ${url} answered ${status}, so some service is down; measuring anyway`);
}

/** How a platform's POST /api/users answers: DBLearn's 201 with a `.test` address; SQL4U's 200, and its e-mail check wants a real top-level domain. */
export interface Registration {
  expectedStatus: number;
  emailDomain: string;
}

export const DBLEARN_REGISTRATION: Registration = { expectedStatus: 201, emailDomain: 'dblearn.test' };

/** Registers a throwaway learner at `base` and returns the token the answer carries. */
export async function registerThrowawayUser(base: URL, say: Say, { expectedStatus, emailDomain }: Registration = DBLEARN_REGISTRATION): Promise<string> {
  const email = `bench-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@${emailDomain}`;
  const url = apiUrl(base, '/users');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: randomBytes(12).toString('base64url'), skill: SKILLS[0] }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new BenchError(`POST ${url} got no answer. ${START_HINT}`);
  }
  const token = response.headers.get(AUTH_HEADER);
  if (response.status !== expectedStatus || !token) {
    throw new BenchError(`POST ${url} answered ${response.status} without a token: ${(await response.text()).slice(0, 300)}`);
  }
  say(`registered ${email} at ${base.origin}`);
  return token;
}
