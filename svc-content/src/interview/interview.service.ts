import { EVENT_SUBJECTS, INTERVIEW_NOT_FOUND_MESSAGE, type InterviewQuestion, type ListPage, LIST_PAGE_SIZE } from '@dblearn/contracts';
import type { InterviewQuestionDto, ListQueryDto } from '@dblearn/contracts/dto';
import { EventOutbox, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { newIdentity } from '../common/identity.js';
import { INTERVIEW_FIELDS } from './interview.views.js';
import { InterviewQuestionRecord } from './interview-question.schema.js';
import { InterviewReadModel } from './interview.read-model.js';

@Injectable()
export class InterviewService {
  constructor(
    @InjectModel(InterviewQuestionRecord.name) private readonly questions: Model<InterviewQuestionRecord>,
    private readonly readModel: InterviewReadModel,
    private readonly outbox: EventOutbox,
  ) {}

  list({ topic, page = 1, pageSize = LIST_PAGE_SIZE.default }: ListQueryDto): ListPage<InterviewQuestion> {
    return this.readModel.page(topic, page, pageSize);
  }

  async find(id: string): Promise<InterviewQuestion> {
    return this.readModel.get(id) ?? this.readModel.put(await this.load(id));
  }

  async create({ topic, question, answer }: InterviewQuestionDto): Promise<InterviewQuestion> {
    const created = this.readModel.put((await this.questions.create({ ...newIdentity(), topic, question, answer })).toObject());
    await this.outbox.record(EVENT_SUBJECTS.interviewCreated, { entityId: created._id, topic, question, answer });
    return created;
  }

  /** Learners' saved copies follow through the event (svc-users). */
  async update(id: string, { topic, question, answer }: InterviewQuestionDto): Promise<InterviewQuestion> {
    const result = await this.questions.updateOne({ _id: id }, { $set: { topic, question, answer } }).exec();
    if (result.matchedCount === 0) throw notFound(INTERVIEW_NOT_FOUND_MESSAGE);
    const updated = this.readModel.put(await this.load(id));
    await this.outbox.record(EVENT_SUBJECTS.interviewUpdated, { entityId: id, topic, question, answer });
    return updated;
  }

  async delete(id: string): Promise<InterviewQuestion> {
    const record = await this.load(id);
    await this.questions.deleteOne({ _id: id }).exec();
    this.readModel.remove(id);
    await this.outbox.record(EVENT_SUBJECTS.interviewDeleted, { entityId: id });
    return { _id: id, topic: record.topic, question: record.question, answer: record.answer };
  }

  private async load(id: string): Promise<InterviewQuestionRecord> {
    const record = await this.questions.findById(id, INTERVIEW_FIELDS).lean<InterviewQuestionRecord>().exec();
    if (!record) throw notFound(INTERVIEW_NOT_FOUND_MESSAGE);
    return record;
  }
}
