import { ServiceKitModule } from '@dblearn/nest-common';
import { type DynamicModule, Module } from '@nestjs/common';
import { CONTENT_CONFIG, type ContentConfig } from './config/content-config.js';
import { CheckAnalysisModule } from './check-analysis/check-analysis.module.js';
import { ChecksModule } from './checks/checks.module.js';
import { CoursesModule } from './courses/courses.module.js';
import { InterviewModule } from './interview/interview.module.js';
import { ItemReadsModule } from './item-reads/item-reads.module.js';
import { PostgresLabModule } from './postgres-lab/postgres-lab.module.js';
import { PracticeModule } from './practice/practice.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { SandboxAdminModule } from './sandbox-admin/sandbox-admin.module.js';
import { SandboxesModule } from './sandboxes/sandboxes.module.js';
import { SearchModule } from './search/search.module.js';
import { SeedModule } from './seed/seed.module.js';
import { TransferModule } from './transfer/transfer.module.js';
import { TutorialsModule } from './tutorials/tutorials.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ContentConfig): DynamicModule {
    return {
      module: AppModule,
      // Global so that the feature modules can inject CONTENT_CONFIG.
      global: true,
      imports: [ServiceKitModule.forRoot(config), CoursesModule, TutorialsModule, ProjectsModule, SandboxesModule, ChecksModule, CheckAnalysisModule, InterviewModule, ItemReadsModule, TransferModule, SeedModule, SearchModule, PostgresLabModule, SandboxAdminModule, PracticeModule],
      providers: [{ provide: CONTENT_CONFIG, useValue: config }],
      exports: [CONTENT_CONFIG],
    };
  }
}
