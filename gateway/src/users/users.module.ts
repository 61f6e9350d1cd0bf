import { ROUTES } from '@dblearn/contracts';
import { Inject, type MiddlewareConsumer, Module, type NestModule, RequestMethod } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { registerRateLimit } from '../common/middleware/rate-limit.middleware.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { KeptProfiles } from './kept-profiles.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [AuthModule],
  controllers: [UsersController],
  providers: [UsersService, KeptProfiles],
  exports: [KeptProfiles],
})
export class UsersModule implements NestModule {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(registerRateLimit(this.config.rateLimits.register)).forRoutes({ path: ROUTES.users.register.path, method: RequestMethod.POST });
  }
}
