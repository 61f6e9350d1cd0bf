import {
  COMMUNITY_PATTERNS,
  type CommunityReplies,
  type CreateQuestionRequest,
  type DeleteQuestionRequest,
  type DeleteReplyRequest,
  type ListPage,
  type ListQuestionsRequest,
  type QnaQuestion,
  type QnaQuestionSummary,
  type QuestionRef,
  type UpdateQuestionRequest,
} from '@dblearn/contracts';
import { Injectable } from '@nestjs/common';
import { type ServiceClient } from './service-client.js';
import { ServiceClients } from './service-clients.js';

type Reply<P extends keyof CommunityReplies> = CommunityReplies[P];

/** svc-community's request-reply calls, typed from the contracts. Failures arrive as HttpExceptions. */
@Injectable()
export class CommunityClient {
  private readonly client: ServiceClient;

  constructor(clients: ServiceClients) {
    this.client = clients.get('community');
  }

  listQuestions(request: ListQuestionsRequest): Promise<ListPage<QnaQuestionSummary>> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.listQuestions>>(COMMUNITY_PATTERNS.listQuestions, request);
  }

  findQuestion(request: QuestionRef): Promise<QnaQuestion> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.findQuestion>>(COMMUNITY_PATTERNS.findQuestion, request);
  }

  /** The question as the service serialized it: sent on as the body unparsed. */
  findQuestionJson(request: QuestionRef): Promise<string> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.findQuestionJson>>(COMMUNITY_PATTERNS.findQuestionJson, request);
  }

  createQuestion(request: CreateQuestionRequest): Promise<QnaQuestion> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.createQuestion>>(COMMUNITY_PATTERNS.createQuestion, request);
  }

  updateQuestion(request: UpdateQuestionRequest): Promise<QnaQuestion> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.updateQuestion>>(COMMUNITY_PATTERNS.updateQuestion, request);
  }

  deleteQuestion(request: DeleteQuestionRequest): Promise<QnaQuestion> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.deleteQuestion>>(COMMUNITY_PATTERNS.deleteQuestion, request);
  }

  deleteReply(request: DeleteReplyRequest): Promise<QnaQuestion> {
    return this.client.send<Reply<typeof COMMUNITY_PATTERNS.deleteReply>>(COMMUNITY_PATTERNS.deleteReply, request);
  }
}
