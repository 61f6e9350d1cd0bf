import { AUTH_HEADER, type PublicUser, type TokenClaims } from '@dblearn/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Delete, Get, type INestApplication } from '@nestjs/common';
import request from 'supertest';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import type { AdminRoster } from './admin-roster.js';
import { Roles } from './roles.decorator.js';
import { signedTestApp } from '../../test/support/signed-app.js';
import type { TokenService } from './token.service.js';

@Controller('courses')
class CoursesController {
  @Get()
  list(@CurrentUser() caller: TokenClaims): { viewer: string } {
    return { viewer: caller.email };
  }

  @Delete()
  @Roles('admin')
  remove(): { deleted: true } {
    return { deleted: true };
  }
}

@Roles('admin')
@Controller('admin')
class AdminController {
  @Get()
  dashboard(): { ok: true } {
    return { ok: true };
  }
}

describe('RolesGuard with @Roles', () => {
  let app: INestApplication;
  let tokens: TokenService;

  const learner: PublicUser = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', displayName: 'Ada', skill: 'beginner', isAdmin: false };
  const admin: PublicUser = { _id: '665f1c2a9b1e8a3d4c5b6a7a', email: 'root@example.com', displayName: 'Root', skill: 'professional', isAdmin: true };

  let roster: AdminRoster;

  beforeAll(async () => {
    ({ app, tokens, roster } = await signedTestApp([CoursesController, AdminController]));
    roster.load([admin._id], roster.unsure());
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers 403 to a learner on an admin-only call', async () => {
    const response = await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, tokens.sign(learner));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ statusCode: 403, error: 'Forbidden', message: 'Only an administrator can do this.' });
  });

  it('lets an admin through', async () => {
    const response = await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, tokens.sign(admin));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deleted: true });
  });

  it('takes admin rights from the roster: a revoked admin’s token no longer opens admin-only calls', async () => {
    const token = tokens.sign(admin);
    roster.change(admin._id, false);
    try {
      expect((await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, token)).status).toBe(403);
    } finally {
      roster.change(admin._id, true);
    }
  });

  it('answers 503 to an admin while the roster cannot be sure (after a second’s wait), and never asks for a learner', async () => {
    const ticket = roster.unsure();
    try {
      const sent = Date.now();
      const refused = await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, tokens.sign(admin));
      expect([refused.status, refused.body.message]).toEqual([503, 'Administrator rights cannot be checked right now. Try again in a moment.']);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(900);
      expect((await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, tokens.sign(learner))).status).toBe(403);
      expect((await request(app.getHttpServer()).get('/courses').set(AUTH_HEADER, tokens.sign(admin))).status).toBe(200);
    } finally {
      roster.load([admin._id], ticket);
    }
  });

  it('lets an admin call made while the roster is loading through once it is loaded', async () => {
    const ticket = roster.unsure();
    const pending = request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, tokens.sign(admin)).then((response) => response.status);
    setTimeout(() => roster.load([admin._id], ticket), 200);
    expect(await pending).toBe(200);
  });

  it('answers 401, not 403, to a caller without a token', async () => {
    const response = await request(app.getHttpServer()).delete('/courses');
    expect(response.status).toBe(401);
  });

  it('applies to every call of a controller marked @Roles', async () => {
    expect((await request(app.getHttpServer()).get('/admin').set(AUTH_HEADER, tokens.sign(learner))).status).toBe(403);
    expect((await request(app.getHttpServer()).get('/admin').set(AUTH_HEADER, tokens.sign(admin))).status).toBe(200);
  });

  it('leaves calls without @Roles to every signed-in user', async () => {
    const response = await request(app.getHttpServer()).get('/courses').set(AUTH_HEADER, tokens.sign(learner));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ viewer: 'ada@example.com' });
  });
});
