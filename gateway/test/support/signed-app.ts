import type { INestApplication, Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { Test } from '@nestjs/testing';
import { HttpErrorFilter } from '../../src/common/filters/http-error.filter.js';
import { AccountRoles } from '../../src/auth/account-roles.js';
import { AdminRoster } from '../../src/auth/admin-roster.js';
import { JwtAuthGuard } from '../../src/auth/jwt-auth.guard.js';
import { TokenService } from '../../src/auth/token.service.js';

const SECRET = 'signed-test-app-secret-0123456789abcdef';

/**
 * For specs: these controllers behind the gateway's token guard, roles and error filter, with an
 * admin roster the spec feeds by hand (the roster's feed from svc-users' events has its own integration test).
 */
export async function signedTestApp(controllers: Type[], providers: Provider[] = []): Promise<{ app: INestApplication; tokens: TokenService; roster: AdminRoster }> {
  const roster = new AdminRoster();
  const moduleRef = await Test.createTestingModule({
    imports: [JwtModule.register({ secret: SECRET, signOptions: { algorithm: 'HS256', expiresIn: '1h' }, verifyOptions: { algorithms: ['HS256'] } })],
    controllers,
    providers: [
      TokenService,
      AccountRoles,
      { provide: AdminRoster, useValue: roster },
      { provide: APP_GUARD, useClass: JwtAuthGuard },
      { provide: APP_FILTER, useClass: HttpErrorFilter },
      ...providers,
    ],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.init();
  return { app, tokens: app.get(TokenService), roster };
}
