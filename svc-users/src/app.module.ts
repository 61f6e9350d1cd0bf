import { ServiceKitModule } from '@dblearn/nest-common';
import { type DynamicModule, Module } from '@nestjs/common';
import { AdminModule } from './admin/admin.module.js';
import { USERS_CONFIG, type UsersConfig } from './config/users-config.js';
import { ProgressModule } from './progress/progress.module.js';
import { UsersModule } from './users/users.module.js';

@Module({})
export class AppModule {
  static forRoot(config: UsersConfig): DynamicModule {
    return {
      module: AppModule,
      // Global so that the feature modules can inject USERS_CONFIG.
      global: true,
      imports: [ServiceKitModule.forRoot(config), UsersModule, ProgressModule, AdminModule],
      providers: [{ provide: USERS_CONFIG, useValue: config }],
      exports: [USERS_CONFIG],
    };
  }
}
