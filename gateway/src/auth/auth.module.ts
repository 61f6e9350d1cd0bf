import { ROUTES } from '@dblearn/contracts';
import { Global, Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { UserLimitCounts } from '../common/limits/user-limits.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { AccountRoles } from './account-roles.js';
import { AdminRoster } from './admin-roster.js';
import { AdminRosterFeed } from './admin-roster.feed.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { loginLimits } from './login-limits.middleware.js';
import { LoginPolicy } from './login-policy.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { TokenService } from './token.service.js';

// Global: @Roles() guards in every feature module need AccountRoles; the per-user limits their counts.
@Global()
@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        // A KeyObject, made once: given a string, jsonwebtoken re-parses it as a key on every call,
        // first trying (and failing) to read it as a PEM public key, which cost a quarter of the CPU of GET /users/me.
        secret: createSecretKey(Buffer.from(config.jwt.secret, 'utf8')),
        signOptions: { algorithm: 'HS256', expiresIn: config.jwt.expiresIn },
        // Pinned so a token can never choose its own algorithm (e.g. "none"); a token issued longer
        // ago than JWT_MAX_AGE is refused whatever its `exp` says (TokenService also requires `exp`).
        verifyOptions: { algorithms: ['HS256'], maxAge: config.jwt.maxAge },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [TokenService, AuthService, AccountRoles, AdminRoster, AdminRosterFeed, UserLimitCounts, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [TokenService, AccountRoles, AdminRoster, UserLimitCounts],
})
export class AuthModule implements NestModule {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    const { login, loginPerAddress, loginFailuresPerAddress, loginRequests, loginRequestsPerAddress } = this.config.rateLimits;
    const policy = new LoginPolicy({
      accountRequests: loginRequests,
      accountFailures: login,
      addressRequests: loginRequestsPerAddress,
      addressFailedAccounts: loginPerAddress,
      addressFailures: loginFailuresPerAddress,
    });
    consumer.apply(loginLimits(policy)).forRoutes({ path: ROUTES.auth.login.path, method: RequestMethod.POST });
  }
}
