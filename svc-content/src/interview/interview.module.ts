import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { InterviewController } from './interview.controller.js';
import { InterviewQuestionRecord, InterviewQuestionSchema } from './interview-question.schema.js';
import { InterviewReadModel } from './interview.read-model.js';
import { InterviewService } from './interview.service.js';

@Module({
  imports: [MongooseModule.forFeature([{ name: InterviewQuestionRecord.name, schema: InterviewQuestionSchema }])],
  controllers: [InterviewController],
  providers: [InterviewService, InterviewReadModel],
  exports: [InterviewReadModel, MongooseModule],
})
export class InterviewModule {}
