import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { USERS_CONFIG, type UsersConfig } from '../config/users-config.js';
import { ContentClient } from './content.client.js';
import { UsersModule } from '../users/users.module.js';
import { ProgressEvents } from './progress-events.js';
import { SnapshotHolder, SnapshotHolderSchema } from './snapshot-holder.schema.js';
import { SnapshotHolders } from './snapshot-holders.js';
import { ProgressController } from './progress.controller.js';
import { ProgressService } from './progress.service.js';
import { UserProgress } from './user-progress.js';
import { ReviewController } from './review/review.controller.js';
import { ReviewService } from './review/review.service.js';

@Module({
  imports: [
    UsersModule,
    StorageModule.forFeature([{ name: SnapshotHolder.name, schema: SnapshotHolderSchema }]),
  ],
  // The review deck (issue 34) is progress too: same lists, holders and content client.
  controllers: [ProgressController, ReviewController],
  providers: [
    ProgressService,
    ReviewService,
    ProgressEvents,
    SnapshotHolders,
    UserProgress,
    { provide: ContentClient, inject: [USERS_CONFIG], useFactory: (config: UsersConfig) => new ContentClient(config.natsUrl) },
  ],
  exports: [ProgressEvents],
})
export class ProgressModule implements OnApplicationShutdown {
  constructor(private readonly content: ContentClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.content.close();
  }
}
