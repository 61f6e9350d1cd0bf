import { randomBytes, randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility.js';

/** The admin the suite's platform starts with (playwright.config.ts ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.dblearn.test', password: 'e2e-admin-password' };

let adminLogin: Promise<string> | undefined;

/**
 * The admin's token, signed in once per worker: every POST /auth counts against the admin's 20
 * logins a minute from one address, and two workers signing in for every test would reach it.
 */
export function adminToken(request: APIRequestContext): Promise<string> {
  adminLogin ??= (async () => {
    const response = await request.post('/api/auth', { data: ADMIN });
    expect(response.status()).toBe(200);
    return (await response.text()).trim();
  })().catch((error: unknown) => {
    adminLogin = undefined;
    throw error;
  });
  return adminLogin;
}

/** Opens the app signed in as the admin. */
export async function signInAsAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const token = await adminToken(request);
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
  return token;
}

/** A name no other test uses, within the 5–50 characters of a course name or project title. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${randomUUID().slice(0, 8)}`;
}

export interface SeededCourse {
  courseId: string;
  name: string;
  tutorialId: string;
  tutorialTitle: string;
  projectId: string;
  projectTitle: string;
}

/** A course with one tutorial and one project (each with a block), made through the public API as the admin. */
export async function seedCourse(request: APIRequestContext, topic: string): Promise<SeededCourse> {
  const headers = { 'x-auth-token': await adminToken(request) };
  const name = uniqueName('Seeded course');
  const course = await request.post('/api/course', { headers, data: { topic, name, teacher: 'Edgar Codd', length: '3 hours' } });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { _id: string })._id;

  const tutorialTitle = uniqueName('Tutorial');
  const tutorial = await request.post('/api/tutorial', {
    headers,
    data: { title: tutorialTitle, courseId, content: { header: 'What a key is', detail: 'A key identifies a row.\n```sql\nSELECT id FROM student;\n```' } },
  });
  expect(tutorial.status()).toBe(201);
  const tutorialId = ((await tutorial.json()) as { _id: string })._id;

  const projectTitle = uniqueName('Project');
  const project = await request.post('/api/project', { headers, data: { title: projectTitle, difficulty: 'intermediate', courseId } });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { _id: string })._id;
  const block = await request.put(`/api/project/${projectId}`, {
    headers,
    data: { title: projectTitle, difficulty: 'intermediate', content: { header: 'Your task', detail: 'Design the tables.\nThen write the queries.' } },
  });
  expect(block.status()).toBe(200);
  return { courseId, name, tutorialId, tutorialTitle, projectId, projectTitle };
}

/** SPEC: every screen works in a 390 px window without sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Opens `path` the way a click on an in-app link does (the router hears a history change), without
 * loading the page again: for a test that visits many screens of one running app. A page load is
 * tested by every test's first `page.goto`.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await expect(page).toHaveURL(path);
}

/**
 * A rendered screen at the test's width and at 390 px: no serious or critical axe violation at
 * either, and nothing to scroll sideways at 390. The viewport is put back afterwards.
 */
export async function expectScreenFitsEveryone(page: Page): Promise<void> {
  await expectAccessible(page);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  if (size) await page.setViewportSize(size);
}

/**
 * A course with `tutorials` tutorials and `projects` projects (no blocks), made as the admin in one
 * POST /content/import (CONTRACT "Content export and import"): the 250 items of the dashboard's
 * timing data took a quarter of a minute of the platform's CPU as one POST each.
 */
export async function seedCourseWith(request: APIRequestContext, adminToken: string, { topic, tutorials, projects }: { topic: string; tutorials: number; projects: number }) {
  const name = uniqueName('Dashboard course');
  const newId = () => randomBytes(12).toString('hex');
  const numbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  const course = {
    _id: newId(),
    topic,
    name,
    teacher: 'Edgar Codd',
    length: '2 hours',
    tutorials: numbers(tutorials).map((index) => ({ _id: newId(), title: `Tutorial ${index}`, contents: [] })),
    projects: numbers(projects).map((index) => ({ _id: newId(), title: uniqueName(`Project ${index}`), difficulty: 'beginner', contents: [] })),
  };
  const response = await request.post('/api/content/import', { headers: { 'x-auth-token': adminToken }, data: { courses: [course] } });
  expect(response.status(), await response.text()).toBe(200);
  expect(await response.json()).toMatchObject({ created: 1, rejected: [] });
  return { courseId: course._id, name, tutorialIds: course.tutorials.map((tutorial) => tutorial._id), projects: course.projects.map(({ _id, title }) => ({ _id, title })) };
}

/**
 * `task` over `items`, at most SEED_CONCURRENCY at a time, answers in the items' order. Seeding
 * hundreds of items one request after another left a core idle for half a minute (the server
 * still applies the writes to one course or one user in turn, under its lock).
 */
const SEED_CONCURRENCY = 4;
export async function inParallel<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEED_CONCURRENCY, items.length) }, worker));
  return results;
}

/** A learner's progress call (CONTRACT "Users"): save a question, read a tutorial or finish a project. */
export async function recordProgress(request: APIRequestContext, token: string, userId: string, kind: 'interview' | 'tutorial' | 'project', id: string) {
  // The call is idempotent and a 503 says "try again shortly": on a busy machine one learner's writes
  // queue behind each other past the gateway's 2 s, so the seeding tries again as a client would.
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post(`/api/users/${kind}/${userId}`, { headers: { 'x-auth-token': token }, data: { id } });
    if (response.status() === 503 && attempt < 4) {
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    return;
  }
}

/** The first `count` interview questions of the bank (oldest first). */
export async function firstInterviewQuestions(request: APIRequestContext, token: string, count: number): Promise<{ _id: string; question: string }[]> {
  const response = await request.get(`/api/interview?page=1&pageSize=${count}`, { headers: { 'x-auth-token': token } });
  expect(response.status()).toBe(200);
  const questions = (await response.json()) as { _id: string; question: string }[];
  expect(questions).toHaveLength(count);
  return questions;
}

/** Tutorials and projects of every course of a topic, as the catalogue lists them. */
export async function topicTotals(request: APIRequestContext, token: string, topic: string): Promise<{ tutorials: number; projects: number }> {
  const response = await request.get(`/api/course?topic=${topic}&page=1&pageSize=100`, { headers: { 'x-auth-token': token } });
  expect(response.status()).toBe(200);
  const courses = (await response.json()) as { tutorials: unknown[]; projects: unknown[] }[];
  return courses.reduce((sum, course) => ({ tutorials: sum.tutorials + course.tutorials.length, projects: sum.projects + course.projects.length }), { tutorials: 0, projects: 0 });
}

/** A SQL practice database of three members (Grace has no city), for labs that need a table to read. */
export const MEMBERS_SANDBOX =
  "CREATE TABLE member (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT);\nINSERT INTO member VALUES (1, 'Ada', 'London'), (2, 'Edgar', 'Oxford'), (3, 'Grace', NULL);";

/** A course with this practice database (none when null), made through the public API as the admin. */
export async function courseWithSandbox(request: APIRequestContext, sandbox: { kind: 'sql' | 'mongo'; source: string } | null) {
  const headers = { 'x-auth-token': await adminToken(request) };
  const name = uniqueName('Lab');
  const course = await request.post('/api/course', { headers, data: { topic: sandbox?.kind === 'mongo' ? 'nosql' : 'sql', name, teacher: 'Grace Hopper', length: '2 hours' } });
  expect(course.status()).toBe(201);
  const courseId = ((await course.json()) as { _id: string })._id;
  if (sandbox) expect((await request.put(`/api/course/sandbox/${courseId}`, { headers, data: sandbox })).status()).toBe(200);
  return { courseId, name, headers };
}

/** A course with this practice database (none when null) and one tutorial holding `detail`. */
export async function lab(request: APIRequestContext, sandbox: { kind: 'sql' | 'mongo'; source: string } | null, detail: string) {
  const { courseId, headers } = await courseWithSandbox(request, sandbox);
  const tutorial = await request.post('/api/tutorial', { headers, data: { title: uniqueName('Querying'), courseId, content: { header: 'Try it', detail } } });
  expect(tutorial.status()).toBe(201);
  return { courseId, tutorialId: ((await tutorial.json()) as { _id: string })._id, headers };
}
