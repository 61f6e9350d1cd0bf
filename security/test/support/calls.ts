import type { Target } from './platform.js';

export interface ApiOptions {
  token?: string;
  json?: unknown;
  method?: string;
}

/** One call to the platform's /api (POST when there is a body, GET otherwise). */
export function callApi(target: Target, path: string, { token, json, method }: ApiOptions = {}): Promise<Response> {
  return fetch(`${target.url}/api${path}`, {
    method: method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { 'x-auth-token': token } : {}) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

let signUps = 0;

/** A new learner's token, its address starting with `prefix` (a 503 means busy: tried again, as a person would). */
export async function signUpLearner(target: Target, prefix: string): Promise<string> {
  const address = `${prefix}.${Date.now()}.${(signUps += 1)}@probe.dblearn.test`;
  for (let attempt = 0; ; attempt += 1) {
    const response = await callApi(target, '/users', { json: { email: address, password: 'probe-password-1', skill: 'beginner' } });
    if (response.status === 201) return response.headers.get('x-auth-token') ?? '';
    if (response.status !== 503 || attempt === 9) throw new Error(`sign-up answered ${response.status}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
