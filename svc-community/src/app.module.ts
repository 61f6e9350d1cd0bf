import { ServiceKitModule } from '@dblearn/nest-common';
import { type DynamicModule, Module } from '@nestjs/common';
import { COMMUNITY_CONFIG, type CommunityConfig } from './config/community-config.js';
import { QuestionsModule } from './questions/questions.module.js';
import { SearchModule } from './search/search.module.js';

@Module({})
export class AppModule {
  static forRoot(config: CommunityConfig): DynamicModule {
    return {
      module: AppModule,
      // Global so that the feature modules can inject COMMUNITY_CONFIG.
      global: true,
      imports: [ServiceKitModule.forRoot(config), QuestionsModule, SearchModule],
      providers: [{ provide: COMMUNITY_CONFIG, useValue: config }],
      exports: [COMMUNITY_CONFIG],
    };
  }
}
