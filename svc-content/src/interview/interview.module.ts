import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ItemCache } from '../item-cache/item-cache.js';
import { ItemCacheModule } from '../item-cache/item-cache.module.js';
import { InterviewController } from './interview.controller.js';
import { InterviewQuestionRecord, InterviewQuestionSchema } from './interview-question.schema.js';
import { InterviewReadModel } from './interview.read-model.js';
import { InterviewService } from './interview.service.js';

@Module({
  imports: [
    MongooseModule.forFeatureAsync([
      {
        name: InterviewQuestionRecord.name,
        imports: [ItemCacheModule],
        inject: [ItemCache],
        useFactory: (cache: ItemCache) => cache.schemaFor('interview', InterviewQuestionSchema),
      },
    ]),
    ItemCacheModule,
  ],
  controllers: [InterviewController],
  providers: [InterviewService, InterviewReadModel],
  exports: [InterviewService, InterviewReadModel, MongooseModule, ItemCacheModule],
})
export class InterviewModule {}
