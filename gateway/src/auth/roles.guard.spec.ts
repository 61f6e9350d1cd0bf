import { AUTH_HEADER, type PublicUser, type TokenClaims } from '@dblearn/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Delete, Get, type INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { HttpErrorFilter } from '../common/filters/http-error.filter.js';
import { AccountRoles } from './account-roles.js';
import { AdminRoster } from './admin-roster.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { Roles } from './roles.decorator.js';
import { TokenService } from './token.service.js';

const SECRET = 'roles-guard-spec-secret-0123456789abcdef';

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

  // The gateway's roster, fed here by hand (its feed from svc-users' events has its own integration test).
  const roster = new AdminRoster();

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [JwtModule.register({ secret: SECRET, signOptions: { algorithm: 'HS256', expiresIn: '1h' }, verifyOptions: { algorithms: ['HS256'] } })],
      controllers: [CoursesController, AdminController],
      providers: [
        TokenService,
        AccountRoles,
        { provide: AdminRoster, useValue: roster },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    }).compile();
    roster.load([admin._id], roster.unsure());
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    tokens = app.get(TokenService);
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
