import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ApiOptions, callApi, signUpLearner } from './support/calls.js';
import { type Target, targetPlatform } from './support/platform.js';

/*
 * Issue 30 High 1 and Low 9 as an attacker sees the mongo lab: one learner's stages must not rewrite
 * the data every later attempt is graded on, and a huge result must be refused before it reaches
 * svc-content's main thread. Run as probes.spec.ts is (`npm run test:security`; the lab probes need
 * an admin account: the platform this suite starts, or SECURITY_ADMIN_EMAIL/SECURITY_ADMIN_PASSWORD).
 */

let target: Target;

beforeAll(async () => {
  target = await targetPlatform();
}, 240_000);

afterAll(async () => {
  await target?.stop();
});

const api = (path: string, options?: ApiOptions) => callApi(target, path, options);
const learner = () => signUpLearner(target, 'mongo-probe');

const LIBRARY = {
  books: [
    { _id: 1, title: 'Beloved', author: 'tm', meta: { copies: 2 } },
    { _id: 2, title: 'Jazz', author: 'tm', meta: { copies: 0 } },
    { _id: 3, title: 'Klara and the Sun', author: 'ki', meta: { copies: 5 } },
    { _id: 4, title: 'Never Let Me Go', author: 'ki', meta: { copies: 1 } },
    { _id: 5, title: 'Sula', author: 'tm', meta: { copies: 3 } },
    { _id: 6, title: 'Remains of the Day', author: 'ki', meta: { copies: 4 } },
  ],
  authors: [
    { _id: 'tm', name: 'Toni Morrison', home: { city: 'Lorain' } },
    { _id: 'ki', name: 'Kazuo Ishiguro', home: { city: 'Nagasaki' } },
  ],
};
const CORRECT = 'db.books.aggregate([{"$match": {"meta.copies": {"$gte": 1}}}, {"$project": {"_id": 0, "title": 1}}])';
/** What the data would answer once every book's copies were 0. */
const WRONG = 'db.books.find({"title": "none of them"}, {"title": 1, "_id": 0})';

/** An admin's course with a mongo sandbox and a check on it; `attempt` sends a learner's query. */
async function mongoLab(): Promise<(query: string, token: string) => Promise<{ status: number; body: { passed?: boolean; message?: string } }>> {
  const signIn = await api('/auth', { json: target.admin });
  expect(signIn.status).toBe(200);
  const admin = await signIn.text();
  const course = (await (await api('/course', { token: admin, json: { topic: 'nosql', name: `Probe mongo course ${Date.now()}`, teacher: 'Probe Teacher', length: '1 hour' } })).json()) as { _id: string };
  expect((await api(`/course/sandbox/${course._id}`, { method: 'PUT', token: admin, json: { kind: 'mongo', source: JSON.stringify(LIBRARY) } })).status).toBe(200);
  const project = (await (await api('/project', { token: admin, json: { title: 'Probe mongo project', difficulty: 'beginner', courseId: course._id } })).json()) as { _id: string };
  const checked = await api(`/project/check/${project._id}`, {
    method: 'PUT',
    token: admin,
    json: { kind: 'mongo', task: 'List the titles of the books with copies on the shelf.', referenceQuery: 'db.books.find({"meta.copies": {"$gt": 0}}, {"title": 1, "_id": 0})' },
  });
  expect(checked.status).toBe(200);
  const checkId = ((await checked.json()) as { checks: { _id: string }[] }).checks[0]!._id;
  return async (query, token) => {
    const response = await api(`/project/${project._id}/attempts`, { token, json: { checkId, query } });
    return { status: response.status, body: (await response.json()) as { passed?: boolean; message?: string } };
  };
}

describe('the mongo lab (issue 30)', () => {
  it("keeps every verdict when one learner's stages write nested paths, before and after the expected result is cached (High 1)", async () => {
    if (!target.admin) return console.warn('SECURITY_ADMIN_EMAIL/SECURITY_ADMIN_PASSWORD not set: lab probe skipped');
    const attempt = await mongoLab();
    const [alice, bob, carol] = [await learner(), await learner(), await learner()];
    // Alice first, so some workers compute the expected result after her stages; Bob once, so others cache it before.
    const poisons = [
      'db.books.aggregate([{"$set": {"meta.copies": 0}}])',
      'db.books.aggregate([{"$unset": "meta.copies"}])',
      'db.books.aggregate([{"$lookup": {"from": "authors", "localField": "author", "foreignField": "_id", "as": "by"}}, {"$unwind": "$by"}, {"$set": {"by.home.city": "x", "meta.copies": 0}}])',
    ];
    for (const poison of poisons) expect(await attempt(poison, alice)).toMatchObject({ status: 200, body: { passed: false } });
    expect(await attempt(CORRECT, bob)).toMatchObject({ status: 200, body: { passed: true } });
    for (let round = 0; round < 6; round += 1) expect(await attempt(poisons[round % poisons.length]!, alice)).toMatchObject({ status: 200, body: { passed: false } });
    for (let round = 0; round < 8; round += 1) expect(await attempt(CORRECT, bob)).toMatchObject({ status: 200, body: { passed: true } });
    for (let round = 0; round < 4; round += 1) expect(await attempt(WRONG, carol)).toMatchObject({ status: 200, body: { passed: false } });
  }, 120_000);

  it('refuses a mongo value over 1 MB and a result over 4 MB as a failed attempt, and svc-content keeps its pid (Low 9)', async () => {
    if (!target.admin) return console.warn('SECURITY_ADMIN_EMAIL/SECURITY_ADMIN_PASSWORD not set: lab probe skipped');
    const attempt = await mongoLab();
    const token = await learner();
    const pid = (await target.servicePid?.('svc-content')) ?? null;
    if (target.servicePid) expect(pid).toEqual(expect.any(Number));
    /** A text of 2^n characters that the query builds itself. */
    const doubled = (n: number) => `{"$reduce": {"input": {"$range": [0, ${n}]}, "initialValue": "x", "in": {"$concat": ["$$value", "$$value"]}}}`;
    expect(await attempt(`db.books.aggregate([{"$limit": 1}, {"$project": {"text": ${doubled(21)}}}])`, token)).toMatchObject({
      status: 200,
      body: { passed: false, message: 'A value in your result is too large (over 1 MB).' },
    });
    // 128 MB in one value, as the audit sent it: refused by the cap, or by the time limit on a slow box; never sent whole.
    const huge = await attempt(`db.books.aggregate([{"$limit": 1}, {"$project": {"text": ${doubled(27)}}}])`, token);
    expect(huge).toMatchObject({ status: 200, body: { passed: false } });
    expect(huge.body.message).toMatch(/^(A value in your result is too large \(over 1 MB\)\.|Your query ran longer than 2 s and was stopped\.)$/);
    // Six books × 1 MB, each value under the cap.
    expect(await attempt(`db.books.aggregate([{"$project": {"a": ${doubled(19)}, "b": ${doubled(19)}}}])`, token)).toMatchObject({
      status: 200,
      body: { passed: false, message: 'Your result is too large (over 4 MB); add a $limit stage or .limit().' },
    });
    if (target.servicePid) expect(await target.servicePid('svc-content')).toBe(pid);
    expect(await attempt(CORRECT, token)).toMatchObject({ status: 200, body: { passed: true } });
  }, 120_000);
});
