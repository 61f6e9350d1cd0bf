import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The admin the suite's platform starts with (playwright.config.ts ADMIN_EMAIL / ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.dblearn.test', password: 'e2e-admin-password' };

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth', { data: ADMIN });
  expect(response.status()).toBe(200);
  return (await response.text()).trim();
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
