import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Target, targetPlatform } from './support/platform.js';

/*
 * Issue 36 and issue 30 (Lows 7 and 8) as an attacker sees them: harvesting e-mails from what is
 * public, a deleted account's token still writing, and look-alike e-mails and names. A platform of
 * its own, or SECURITY_URL's (see probes.spec.ts).
 */

let target: Target;
let counter = 0;
const email = (prefix: string) => `${prefix}.${Date.now()}.${(counter += 1)}@privacy.dblearn.test`;
const PASSWORD = 'probe-password-1';

function api(path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<Response> {
  const { method, token, json } = init;
  return fetch(`${target.url}/api${path}`, {
    method: method ?? (json !== undefined ? 'POST' : 'GET'),
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-auth-token': token } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
}

/** Signs up, retrying a 503 (busy) a few times as a person would. */
async function signUp(fields: Record<string, unknown>): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await api('/users', { json: { password: PASSWORD, skill: 'beginner', ...fields } });
    if (response.status !== 503 || attempt === 9) return response;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function register(displayName?: string): Promise<{ email: string; token: string; name: string }> {
  const address = email('learner');
  const response = await signUp({ email: address, ...(displayName ? { displayName } : {}) });
  expect(response.status).toBe(201);
  const body = (await response.json()) as { displayName: string };
  return { email: address, token: response.headers.get('x-auth-token') ?? '', name: body.displayName };
}

async function eventually(probe: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  target = await targetPlatform();
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

describe('no e-mail in anything public (issue 36)', () => {
  it('a second learner reads a thread, its list, the search and the demo threads and finds no @ anywhere', async () => {
    const author = await register(`Privacy ${Date.now() % 100_000}`);
    const reader = await register();
    const title = `Harvest probe quokkafish ${Date.now()}`;
    const posted = await api('/qna', { token: author.token, json: { topic: 'sql', title, description: 'Can anyone read my e-mail from this post?', userName: author.email } });
    expect(posted.status).toBe(201);
    const { _id } = (await posted.json()) as { _id: string };
    expect((await api(`/qna/${_id}/replies`, { token: reader.token, json: { reply: 'Not from here: only names.' } })).status).toBe(201);

    const bodies: string[] = [];
    for (const path of ['/qna', '/qna?page=2', '/qna?topic=sql', `/qna/${_id}`]) {
      const response = await api(path, { token: reader.token });
      expect(response.status).toBe(200);
      bodies.push(await response.text());
    }
    await eventually(async () => (await (await api('/search?q=quokkafish', { token: reader.token })).text()).includes(_id), 'the search finds the thread');
    bodies.push(await (await api('/search?q=quokkafish', { token: reader.token })).text());
    // The seeded demo threads, too: their authors have names, not addresses.
    const demo = (await (await api('/qna?pageSize=100', { token: reader.token })).json()) as Array<{ _id: string }>;
    for (const { _id: id } of demo.slice(0, 20)) bodies.push(await (await api(`/qna/${id}`, { token: reader.token })).text());

    for (const body of bodies) expect(body).not.toContain('@');
    expect(bodies[3]).toContain(author.name);
  });
});

describe('a deleted account (issue 30, Low 7)', () => {
  it('cannot write, read or sign in with its old token the moment it is deleted', async () => {
    const leaver = await register();
    const posted = await api('/qna', { token: leaver.token, json: { topic: 'sql', title: 'Posted before deleting', description: 'The account goes next.' } });
    expect(posted.status).toBe(201);
    const { _id } = (await posted.json()) as { _id: string };
    expect((await api('/users/me', { method: 'DELETE', token: leaver.token, json: { password: 'a-wrong-guess' } })).status).toBe(400);
    expect((await api('/users/me', { method: 'DELETE', token: leaver.token, json: { password: PASSWORD } })).status).toBe(200);

    const attempts: Array<[string, { method?: string; json?: unknown }]> = [
      ['/qna', { json: { topic: 'sql', title: 'Written by a deleted account', description: 'This must be refused.' } }],
      [`/qna/${_id}/replies`, { json: { reply: 'A reply from beyond.' } }],
      [`/qna/${_id}`, { method: 'DELETE' }],
      ['/users/me', {}],
      ['/qna', {}],
      ['/search?q=anything', {}],
      // An attempt at a check (any project id: the token is refused before anything is looked up).
      ['/project/665f1c2a9b1e8a3d4c5b6a79/attempts', { json: { id: '665f1c2a9b1e8a3d4c5b6a7a', answer: 'SELECT 1' } }],
    ];
    for (const [path, init] of attempts) {
      const response = await api(path, { ...init, token: leaver.token });
      expect({ path, method: init.method ?? (init.json ? 'POST' : 'GET'), status: response.status }).toMatchObject({ path, status: 401 });
    }
    expect((await api('/auth', { json: { email: leaver.email, password: PASSWORD } })).status).toBe(400);
    const reader = await register();
    await eventually(async () => (await (await api(`/qna/${_id}`, { token: reader.token })).text()).includes('deleted learner'), 'the post shows "deleted learner"');
  });
});

describe('look-alikes (issue 30, Low 8; issue 36)', () => {
  it('refuses an e-mail whose domain only looks like the demo authors\' reserved one', async () => {
    // Dotless ı is a Latin letter: only the look-alike fold catches it. A Cyrillic і is refused as a mix of alphabets.
    const cases: Array<[string, string]> = [
      [`emma.dubois.${Date.now()}@demo.dblearn.ınvalid`, 'reserved for demo content'],
      [`emma.dubois.${Date.now()}@dblearn.exarnple`, 'reserved for demo content'],
      [`emma.${Date.now()}@demo.dblearn.іnvalid`, 'must not mix Latin letters'],
    ];
    for (const [address, reason] of cases) {
      const response = await signUp({ email: address });
      expect({ address, status: response.status }).toEqual({ address, status: 400 });
      expect(((await response.json()) as { message: string[] }).message.join(' ')).toContain(reason);
    }
  });

  it('counts a display name taken by its look-alikes and other letter cases', async () => {
    const name = `Zoe Probe ${Date.now() % 100_000}`;
    await register(name);
    for (const lookAlike of [name.toUpperCase(), name.replace('o', 'о') /* Cyrillic о */, name.replace('o', '0'), name.replace('Z', 'Ｚ')]) {
      const response = await signUp({ email: email('lookalike'), displayName: lookAlike });
      expect({ lookAlike, status: response.status }).toEqual({ lookAlike, status: 409 });
    }
    const demoName = await signUp({ email: email('plain'), displayName: 'has@sign' });
    expect(demoName.status).toBe(400);
  });
});
