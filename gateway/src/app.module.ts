import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { AuthModule } from './auth/auth.module.js';
import { HttpErrorFilter } from './common/filters/http-error.filter.js';
import { createValidationPipe } from './common/pipes/validation.pipe.js';
import { ContentModule } from './content/content.module.js';
import { GatewayConfigModule } from './config/config.module.js';
import { ForwardingModule } from './forwarding/forwarding.module.js';
import type { GatewayConfig } from './config/gateway.config.js';
import { HealthModule } from './health/health.module.js';
import { LiveModule } from './live/live.module.js';
import { QnaModule } from './qna/qna.module.js';
import { SearchModule } from './search/search.module.js';
import { ServicesModule } from './services/services.module.js';
import { ProgressModule } from './progress/progress.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  /** The whole gateway for one parsed configuration (tests build it with their own). */
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        ServicesModule,
        AuthModule,
        UsersModule,
        ProgressModule,
        ForwardingModule,
        QnaModule,
        LiveModule,
        ContentModule,
        SearchModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: HttpErrorFilter },
      ],
    };
  }
}
