import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';
import { registerViaApi, userIdOf } from './accounts.js';
import { adminToken, firstInterviewQuestions, inParallel, recordProgress, seedCourseWith } from './content.js';

/**
 * The learner whose /profile the dashboard's timing test (@alone) opens: 50 saved questions, 50
 * finished projects and 200 read tutorials. Made by profile-at-scale.setup.ts beside the other
 * tests (one content import and 300 progress calls), so the timing alone takes seconds, not the
 * whole seeding; handed over through a file in the suite's data folder.
 */
export const PROFILE_AT_SCALE = { questions: 50, projects: 50, tutorials: 200 } as const;

function handOverFile(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through its playwright.config.ts.');
  return join(dataDir, 'profile-at-scale.json');
}

export async function seedProfileAtScale(request: APIRequestContext): Promise<void> {
  const admin = await adminToken(request);
  const course = await seedCourseWith(request, admin, { topic: 'fo', tutorials: PROFILE_AT_SCALE.tutorials, projects: PROFILE_AT_SCALE.projects });
  const { token } = await registerViaApi(request);
  const userId = userIdOf(token);
  const questions = await firstInterviewQuestions(request, token, PROFILE_AT_SCALE.questions);
  expect(questions).toHaveLength(PROFILE_AT_SCALE.questions);
  const saved: (readonly ['interview' | 'project' | 'tutorial', string])[] = [
    ...questions.map((question) => ['interview', question._id] as const),
    ...course.projects.map((project) => ['project', project._id] as const),
    ...course.tutorialIds.map((id) => ['tutorial', id] as const),
  ];
  await inParallel(saved, ([kind, id]) => recordProgress(request, token, userId, kind, id));
  await writeFile(handOverFile(), JSON.stringify({ token }));
}

/** The seeded learner's token (the setup project ran first: playwright.config.ts). */
export async function profileAtScaleToken(): Promise<string> {
  const { token } = JSON.parse(await readFile(handOverFile(), 'utf8')) as { token: string };
  return token;
}
