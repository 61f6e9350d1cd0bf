import { corsOrigins } from '@dblearn/infra';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import request, { type Response } from 'supertest';
import { eventually } from '@dblearn/testing';
import { createGatewayApp } from '../../src/app.factory.js';
import { expectAnswerAsDocumented } from './api-docs.js';
import { loadGatewayConfig } from '../../src/config/gateway.config.js';

export const TEST_JWT_SECRET = 'gateway-tests-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

export interface TestGateway {
  app: NestExpressApplication;
  server: Server;
  close(): Promise<void>;
}

/**
 * The real gateway, configured from `env` as main.ts would be, listening on a free port in this
 * process. Logs are quiet unless TEST_LOG_LEVEL says otherwise.
 */
export async function startGateway(env: Record<string, string>): Promise<TestGateway> {
  // The origins `npm start` allows: the shell and every remote (a remote run alone calls from its port).
  const config = loadGatewayConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'fatal', CORS_ORIGINS: corsOrigins(8080, {}), ...env });
  const app = await createGatewayApp(config);
  await app.listen(0, '127.0.0.1');
  return { app, server: app.getHttpServer(), close: () => app.close() };
}

const LEAKS: Array<[RegExp, string]> = [
  [/passwordHash|"password"/i, 'a password or its hash'],
  [/\bstack\b|\n\s+at \S+ \(/, 'a stack trace'],
  [/E11000|mongo|collection/i, 'a database message'],
];

/** Fails the test if an answer carries anything a caller must never see (issue: "Bad input…"). */
export function expectNothingLeaked(response: Response): void {
  const text = `${JSON.stringify(response.headers)}\n${response.text ?? ''}`;
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(text)) throw new Error(`${response.status} answer carries ${what}: ${response.text}`);
  }
}

/** Awaits a supertest call and checks its answer for leaks, and against /api/docs. */
export async function checked(call: PromiseLike<Response>): Promise<Response> {
  const response = await call;
  expectNothingLeaked(response);
  await expectAnswerAsDocumented(response);
  return response;
}

export { eventually } from '@dblearn/testing';

/** Waits until the gateway's /health sees svc-users up; else fails naming what svc-users said. */
export async function untilUsersServiceAnswers(gateway: TestGateway, svcUsers: { recentOutput(): string }): Promise<void> {
  try {
    await eventually(async () => (await request(gateway.server).get('/api/health')).body?.services?.users === 'up', 30_000, 'svc-users answers /health');
  } catch (error) {
    throw new Error(`${(error as Error).message}\nsvc-users said:\n${svcUsers.recentOutput()}`);
  }
}
