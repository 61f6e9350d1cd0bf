import { Module } from '@nestjs/common';
import { StorageModule } from '@dblearn/nest-common';
import { ItemCache } from '../item-cache/item-cache.js';
import { ItemCacheModule } from '../item-cache/item-cache.module.js';
import { InterviewController } from './interview.controller.js';
import { InterviewQuestionRecord, InterviewQuestionSchema } from './interview-question.schema.js';
import { InterviewReadModel } from './interview.read-model.js';
import { InterviewService } from './interview.service.js';

const interviewStorage = StorageModule.forFeatureAsync([
  {
    name: InterviewQuestionRecord.name,
    imports: [ItemCacheModule],
    inject: [ItemCache],
    useFactory: (cache: ItemCache) => cache.schemaFor('interview', InterviewQuestionSchema),
  },
]);

@Module({
  imports: [interviewStorage, ItemCacheModule],
  controllers: [InterviewController],
  providers: [InterviewService, InterviewReadModel],
  exports: [InterviewService, InterviewReadModel, interviewStorage, ItemCacheModule],
})
export class InterviewModule {}
