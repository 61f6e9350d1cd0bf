import { AUTH_HEADER, type TokenClaims } from '@dblearn/contracts';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Delete, Get, type INestApplication } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { HttpErrorFilter } from '../common/filters/http-error.filter.js';
import { ServiceClients } from '../services/service-clients.js';
import { AccountRoles } from './account-roles.js';
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

  const learner: TokenClaims = { _id: '665f1c2a9b1e8a3d4c5b6a79', email: 'ada@example.com', skill: 'beginner', isAdmin: false };
  const admin: TokenClaims = { _id: '665f1c2a9b1e8a3d4c5b6a7a', email: 'root@example.com', skill: 'professional', isAdmin: true };

  // What svc-users says about each account now (a stand-in: this is the guard's unit test).
  const accountIsAdmin = new Map<string, boolean>();
  const services = { send: async (_pattern: string, { userId }: { userId: string }) => ({ isAdmin: accountIsAdmin.get(userId) ?? false }) };

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [JwtModule.register({ secret: SECRET, signOptions: { algorithm: 'HS256', expiresIn: '1h' }, verifyOptions: { algorithms: ['HS256'] } })],
      controllers: [CoursesController, AdminController],
      providers: [
        TokenService,
        AccountRoles,
        { provide: ServiceClients, useValue: services },
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    }).compile();
    accountIsAdmin.set(admin._id, true);
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

  it('takes admin rights from the account: a revoked admin’s token no longer opens admin-only calls', async () => {
    const token = tokens.sign(admin);
    accountIsAdmin.set(admin._id, false);
    try {
      expect((await request(app.getHttpServer()).delete('/courses').set(AUTH_HEADER, token)).status).toBe(403);
    } finally {
      accountIsAdmin.set(admin._id, true);
    }
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
