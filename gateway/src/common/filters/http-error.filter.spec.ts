import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BadRequestException, Controller, Get, Header, HttpException, type INestApplication, type LoggerService, ServiceUnavailableException } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { INTERNAL_ERROR_MESSAGE } from './error-envelope.js';
import { HttpErrorFilter } from './http-error.filter.js';

/** Keeps what the filter logs, so the spec can check the stack went to the log and not the caller. */
class RecordingLogger implements LoggerService {
  readonly entries: Array<{ level: string; parts: unknown[] }> = [];
  log(...parts: unknown[]): void {
    this.entries.push({ level: 'log', parts });
  }
  error(...parts: unknown[]): void {
    this.entries.push({ level: 'error', parts });
  }
  warn(...parts: unknown[]): void {
    this.entries.push({ level: 'warn', parts });
  }
}

@Controller('failing')
class FailingController {
  @Get('bug')
  bug(): never {
    throw new TypeError('Cannot read properties of undefined (reading "passwordHash")');
  }

  @Get('refusal')
  refusal(): never {
    throw new BadRequestException('That is not allowed.');
  }

  @Get('outage')
  outage(): never {
    throw new ServiceUnavailableException('The users service is unavailable. Try again shortly.', { cause: new Error('no responders') });
  }

  @Get('busy')
  busy(): never {
    // As a service's 429 arrives: no header of its own.
    throw new HttpException('A sign-in from your address or for this account is already under way. Try again in a moment.', 429);
  }

  @Get('text')
  @Header('Content-Type', 'text/plain; charset=utf-8')
  text(): never {
    throw new BadRequestException('Refused.');
  }
}

describe('HttpErrorFilter', () => {
  let app: INestApplication;
  const logger = new RecordingLogger();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [FailingController],
      providers: [{ provide: APP_FILTER, useClass: HttpErrorFilter }],
    }).compile();
    app = moduleRef.createNestApplication({ logger });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers a bug with a generic 500 and logs its stack on the server only', async () => {
    const response = await request(app.getHttpServer()).get('/failing/bug');
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ statusCode: 500, error: 'Internal Server Error', message: INTERNAL_ERROR_MESSAGE });
    expect(response.text).not.toMatch(/passwordHash|TypeError|at /);

    const logged = logger.entries.find((entry) => entry.level === 'error');
    expect(logged?.parts[0]).toBe('GET /failing/bug failed: Cannot read properties of undefined (reading "passwordHash")');
    expect(String(logged?.parts[1])).toContain('TypeError');
    expect(String(logged?.parts[1])).toContain('http-error.filter.spec.ts');
  });

  it('answers a refusal in the envelope without logging it as a fault', async () => {
    const errorsBefore = logger.entries.filter((entry) => entry.level === 'error').length;
    const response = await request(app.getHttpServer()).get('/failing/refusal');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'That is not allowed.' });
    expect(logger.entries.filter((entry) => entry.level === 'error')).toHaveLength(errorsBefore);
  });

  it('logs an outage as one warning naming its cause', async () => {
    const response = await request(app.getHttpServer()).get('/failing/outage');
    expect(response.status).toBe(503);
    expect(logger.entries.some((entry) => entry.level === 'warn' && String(entry.parts[0]).includes('(Error: no responders)'))).toBe(true);
  });

  it('answers JSON even where the handler declared another content type', async () => {
    const response = await request(app.getHttpServer()).get('/failing/text');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Refused.' });
  });

  it('gives every 429 a Retry-After, even one a service sent without (issue 30)', async () => {
    const response = await request(app.getHttpServer()).get('/failing/busy');
    expect(response.status).toBe(429);
    expect(response.headers['retry-after']).toBe('1');
  });

  it("shapes Nest's own 404 for an unknown route", async () => {
    const response = await request(app.getHttpServer()).get('/nowhere');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Not Found', message: 'Cannot GET /nowhere' });
  });
});
