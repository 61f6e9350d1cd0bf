import { DEFAULT_INTERVIEW_DIFFICULTY, EVENT_SUBJECTS, INTERVIEW_NOT_FOUND_MESSAGE, type InterviewQuestion, type ListPage, LIST_PAGE_SIZE } from '@dblearn/contracts';
import type { InterviewListQueryDto, InterviewQuestionDto } from '@dblearn/contracts/dto';
import { type DocumentStore, domainEvent, InjectStore, notFound } from '@dblearn/nest-common';
import { Injectable } from '@nestjs/common';
import { newIdentity } from '../common/identity.js';
import { INTERVIEW_FIELDS, toInterviewQuestion } from './interview.views.js';
import { InterviewQuestionRecord } from './interview-question.schema.js';
import { InterviewReadModel } from './interview.read-model.js';

/** Interview questions; each write carries its event (svc-users keeps saved copies in step). */
@Injectable()
export class InterviewService {
  constructor(
    @InjectStore(InterviewQuestionRecord.name) private readonly questions: DocumentStore<InterviewQuestionRecord>,
    private readonly readModel: InterviewReadModel,
  ) {}

  list({ topic, difficulty, page = 1, pageSize = LIST_PAGE_SIZE.default }: InterviewListQueryDto): Promise<ListPage<InterviewQuestion>> {
    return this.readModel.page(topic, page, pageSize, { difficulty });
  }

  async find(id: string): Promise<InterviewQuestion> {
    return this.readModel.get(id) ?? toInterviewQuestion(await this.load(id));
  }

  /** From the database: what ItemCache keeps (the read model of another instance may lag a write by an event). */
  async findStored(id: string): Promise<InterviewQuestion> {
    return toInterviewQuestion(await this.load(id));
  }

  async create({ topic, question, answer, difficulty = DEFAULT_INTERVIEW_DIFFICULTY }: InterviewQuestionDto): Promise<InterviewQuestion> {
    const identity = newIdentity();
    const event = domainEvent(EVENT_SUBJECTS.interviewCreated, { entityId: identity._id.toHexString(), topic, question, answer });
    return this.readModel.written((await this.questions.create({ ...identity, topic, question, answer, difficulty }, event)).toObject());
  }

  /** An edit without a difficulty keeps the question's. */
  async update(id: string, { topic, question, answer, difficulty }: InterviewQuestionDto): Promise<InterviewQuestion> {
    return this.questions.atomically(id, async () => {
      const event = domainEvent(EVENT_SUBJECTS.interviewUpdated, { entityId: id, topic, question, answer });
      const fields = { topic, question, answer, ...(difficulty ? { difficulty } : {}) };
      if (!(await this.questions.update(id, { $set: fields }, event))) throw notFound(INTERVIEW_NOT_FOUND_MESSAGE);
      return this.readModel.written(await this.load(id));
    });
  }

  /** Gone, and (through the event) from every learner's saved list. */
  async delete(id: string): Promise<InterviewQuestion> {
    return this.questions.atomically(id, async () => {
      const question = toInterviewQuestion(await this.load(id));
      if (!(await this.questions.delete(id, domainEvent(EVENT_SUBJECTS.interviewDeleted, { entityId: id })))) {
        throw notFound(INTERVIEW_NOT_FOUND_MESSAGE);
      }
      this.readModel.deleted([id]);
      return question;
    });
  }

  private async load(id: string): Promise<InterviewQuestionRecord> {
    const record = await this.questions.findById<InterviewQuestionRecord>(id, INTERVIEW_FIELDS);
    if (!record) throw notFound(INTERVIEW_NOT_FOUND_MESSAGE);
    return record;
  }
}
