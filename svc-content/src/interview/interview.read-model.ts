import type { InterviewQuestion } from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CollectionReadModel } from '../read-model/collection-read-model.js';
import { INTERVIEW_FIELDS, listedInterviewQuestion } from './interview.views.js';
import { InterviewQuestionRecord } from './interview-question.schema.js';

/** Every interview question in list order: GET /interview pages and GET /interview/{id}. */
@Injectable()
export class InterviewReadModel extends CollectionReadModel<InterviewQuestionRecord, InterviewQuestion> {
  constructor(@InjectModel(InterviewQuestionRecord.name) questions: Model<InterviewQuestionRecord>) {
    super(questions, INTERVIEW_FIELDS, listedInterviewQuestion);
  }
}
