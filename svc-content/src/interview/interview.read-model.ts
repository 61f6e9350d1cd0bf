import { EVENT_SUBJECTS, type InterviewQuestion } from '@dblearn/contracts';
import { ReadModels } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ContentList } from '../read-model/content-list.js';
import { INTERVIEW_FIELDS, toInterviewQuestion } from './interview.views.js';
import { InterviewQuestionRecord } from './interview-question.schema.js';

/** Every interview question, oldest first, per topic: GET /interview pages and GET /interview/{id}. */
@Injectable()
export class InterviewReadModel extends ContentList<InterviewQuestion> {
  constructor(@InjectModel(InterviewQuestionRecord.name) questions: Model<InterviewQuestionRecord>, readModels: ReadModels) {
    super(
      readModels.create({
        name: 'interview questions',
        model: questions,
        projection: INTERVIEW_FIELDS,
        toSummary: (doc) => ({ ...toInterviewQuestion(doc as InterviewQuestionRecord), createdAt: (doc.createdAt as Date).getTime() }),
        orderBy: 'createdAt',
        direction: 'asc',
        filters: ['topic', 'difficulty'],
        // Also feeds the search index, in production too (decision 0012).
        inMemoryWhenOff: true,
        follow: {
          [EVENT_SUBJECTS.interviewCreated]: true,
          [EVENT_SUBJECTS.interviewUpdated]: true,
          [EVENT_SUBJECTS.interviewDeleted]: true,
        },
      }),
    );
  }
}
