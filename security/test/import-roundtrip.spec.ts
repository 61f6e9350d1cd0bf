import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LARGE_CATALOGUE, outsideCatalogue } from '@dblearn/testing';
import { type Target, targetPlatform } from './support/platform.js';

/*
 * Issue 30 High 2 as an admin meets it: `export → import → import` of a large catalogue (40 courses
 * with 60 kB blocks, 150 interview questions) once wedged svc-content's database until FerretDB was
 * restarted (decision 0022). Each import must answer 200, the catalogue must keep answering reads
 * throughout, and /api/health must end 200. Loopback only; one bounded reader beside the imports.
 * It adds 40 courses and 150 questions to the target's catalogue.
 */

let target: Target;
/** Each import or export may take the gateway's 60 s per slice; the whole call is bounded here. */
const TRANSFER_BOUND_MS = 180_000;

function api(path: string, init: RequestInit & { json?: unknown; token?: string } = {}): Promise<Response> {
  const { json, token, ...rest } = init;
  return fetch(`${target.url}/api${path}`, {
    ...rest,
    headers: { ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-auth-token': token } : {}) },
    ...(json !== undefined ? { body: JSON.stringify(json), method: 'POST' } : {}),
    signal: AbortSignal.timeout(TRANSFER_BOUND_MS),
  });
}

/** The target's admin account (SECURITY_ADMIN_EMAIL/PASSWORD or this suite's), else the launcher's DATA_DIR/admin.json. */
async function signInAdmin(): Promise<string | undefined> {
  const account = target.admin ?? (target.dataDir ? (JSON.parse(await readFile(join(target.dataDir, 'admin.json'), 'utf8')) as { email: string; password: string }) : undefined);
  if (!account) return undefined;
  const response = await api('/auth', { json: account });
  expect(response.status).toBe(200);
  return response.text();
}

/** GET of one course, then of the course list, every 500 ms until stopped: the statuses that were not 200. */
function readEvery500ms(courseId: string, token: string): { stop: () => Promise<number[]> } {
  const failures: number[] = [];
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n += 1) {
      const path = n % 2 === 0 ? `/api/course/${courseId}` : '/api/course?pageSize=5';
      const status = await fetch(`${target.url}${path}`, { headers: { 'x-auth-token': token }, signal: AbortSignal.timeout(30_000) }).then(
        (response) => response.status,
        () => 0,
      );
      if (status !== 200) failures.push(status);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return failures;
    },
  };
}

beforeAll(async () => {
  target = await targetPlatform();
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

describe('an admin re-imports a large export', () => {
  it('answers 200 to export → import → import of 40 courses with 60 kB blocks, and reads go on throughout', async () => {
    const token = await signInAdmin();
    if (!token) return console.warn('no admin account known (SECURITY_ADMIN_EMAIL/PASSWORD or SECURITY_DATA_DIR): import probe skipped');
    const catalogue = outsideCatalogue(LARGE_CATALOGUE);
    const first = await api('/content/import', { json: catalogue, token });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ created: 40 + LARGE_CATALOGUE.questions, rejected: [] });

    const reader = readEvery500ms(catalogue.courses[0]!._id, token);
    let readFailures: number[] | undefined;
    try {
      const exported = await api('/content/export', { token });
      expect(exported.status).toBe(200);
      const document = (await exported.json()) as { courses: unknown[]; interviewQuestions: unknown[] };
      for (let round = 0; round < 2; round += 1) {
        const again = await api('/content/import', { json: document, token });
        expect({ round, status: again.status }).toEqual({ round, status: 200 });
        expect(await again.json()).toMatchObject({ created: 0, updated: document.courses.length + document.interviewQuestions.length, rejected: [] });
      }
    } finally {
      readFailures = await reader.stop();
    }
    expect(readFailures).toEqual([]);
    expect((await api('/health')).status).toBe(200);
  }, 600_000);
});
