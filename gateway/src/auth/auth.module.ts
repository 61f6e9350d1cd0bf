import { Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { createSecretKey } from 'node:crypto';
import { loginRateLimit } from '../common/middleware/rate-limit.middleware.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { JwtAuthGuard } from './jwt-auth.guard.js';
import { TokenService } from './token.service.js';

@Module({
  imports: [
    JwtModule.registerAsync({
      inject: [GATEWAY_CONFIG],
      useFactory: (config: GatewayConfig) => ({
        // A KeyObject, made once: given a string, jsonwebtoken re-parses it as a key on every call,
        // first trying (and failing) to read it as a PEM public key, which cost a quarter of the CPU of GET /users/me.
        secret: createSecretKey(Buffer.from(config.jwt.secret, 'utf8')),
        signOptions: { algorithm: 'HS256', expiresIn: config.jwt.expiresIn },
        // Pinned so a token can never choose its own algorithm (e.g. "none").
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [TokenService, AuthService, { provide: APP_GUARD, useClass: JwtAuthGuard }],
  exports: [TokenService],
})
export class AuthModule implements NestModule {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(loginRateLimit(this.config.rateLimits.login)).forRoutes({ path: 'auth', method: RequestMethod.POST });
  }
}
