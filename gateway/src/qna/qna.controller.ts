import {
  AUTH_HEADER,
  COMMUNITY_PATTERNS,
  QNA_THREAD_LIMITS,
  type QnaQuestion,
  type QnaQuestionSummary,
  ROUTES,
  type TokenClaims,
  TOTAL_COUNT_HEADER,
} from '@dblearn/contracts';
import { QnaQuestionAnswer, QnaQuestionSummaryAnswer } from '@dblearn/contracts/answers';
import { IdDto, ListQueryDto, QnaAcceptDto, QnaQuestionDto, QnaReplyDto, QnaUpdateDto, QuestionIdDto } from '@dblearn/contracts/dto';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiSecurity,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AccountRoles } from '../auth/account-roles.js';
import { CurrentUser } from '../common/decorators/current-user.decorator.js';
import { answerSchema, ERROR_ENVELOPE, NOT_SIGNED_IN } from '../common/docs/answer-docs.js';
import { UserRate } from '../common/limits/user-limits.js';
import { pageItems, totalCountHeader } from '../common/lists.js';
import { acceptsGzip, sendJsonBytes } from '../common/json-bytes-answer.js';
import { ServiceClients } from '../services/service-clients.js';
import { PracticeDatabase } from './practice-database.js';

/** Who calls, as svc-community sees it (CallerDto). */
interface QnaCaller {
  _id: string;
  name?: string;
  isAdmin: boolean;
}

const THREAD_FULL =
  `The question already has ${QNA_THREAD_LIMITS.maxReplies} replies, or the write would take it past ${QNA_THREAD_LIMITS.maxJsonBytes / 1024} kB of JSON; nothing was written.`;

/**
 * CONTRACT "Q&A". Ownership (author edits; author or admin deletes) is decided by svc-community
 * from the token's account id and the account's admin flag, next to the data, so a refused call changes nothing.
 */
@ApiTags('qna')
@ApiSecurity(AUTH_HEADER)
@ApiUnauthorizedResponse(NOT_SIGNED_IN)
@ApiBadRequestResponse({ schema: ERROR_ENVELOPE, description: 'A malformed id or a broken rule (one sentence per rule).' })
@ApiServiceUnavailableResponse({ schema: ERROR_ENVELOPE, description: 'The community service is down or did not answer in time.' })
@Controller()
export class QnaController {
  constructor(
    private readonly services: ServiceClients,
    private readonly roles: AccountRoles,
    private readonly practiceDatabase: PracticeDatabase,
  ) {}

  /**
   * The caller as svc-community sees it: who they are comes from the verified token; admin rights
   * from the account (issue 6), asked only when the token claims them.
   */
  private async caller(user: TokenClaims): Promise<QnaCaller> {
    return { ...this.author(user), isAdmin: await this.roles.has(user, 'admin') };
  }

  /** Posting, replying and editing one's own question need no admin rights: never asked (issue 17 #13). */
  private author(user: TokenClaims): QnaCaller {
    // The account id, never the e-mail (issue 36); the name is only svc-community's first guess for a new author.
    return { _id: user._id, ...(user.name === undefined ? {} : { name: user.name }), isAdmin: false };
  }

  @Get(ROUTES.qna.list.path)
  @ApiOperation({ summary: 'List questions', description: `Newest first. ${TOTAL_COUNT_HEADER} holds the number of matching questions.` })
  @ApiOkResponse({ schema: answerSchema([QnaQuestionSummaryAnswer]), headers: totalCountHeader('questions') })
  async list(@Query() query: ListQueryDto, @Res({ passthrough: true }) response: Response): Promise<QnaQuestionSummary[]> {
    return pageItems(response, await this.services.send(COMMUNITY_PATTERNS.listQuestions, { topic: query.topic, page: query.page, pageSize: query.pageSize }));
  }

  @Get(ROUTES.qna.find.path)
  @ApiOperation({ summary: 'One question with its replies' })
  @ApiOkResponse({ schema: answerSchema(QnaQuestionAnswer) })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE })
  async find(@Param() { id }: IdDto, @Req() request: Request, @Res() response: Response): Promise<void> {
    // svc-community's own JSON bytes, sent as they are: 200 replies are not parsed, serialized or
    // turned into a string here. Gzipped by the service (once per question) when the client takes it.
    sendJsonBytes(request, response, await this.services.send(COMMUNITY_PATTERNS.findQuestionJson, { id, gzip: acceptsGzip(request) }));
  }

  @Post(ROUTES.qna.create.path)
  @UserRate('qnaWrites')
  @ApiOperation({ summary: 'Post a question', description: 'The author is the caller (by account id); a userName in the body is ignored.' })
  @ApiCreatedResponse({ schema: answerSchema(QnaQuestionAnswer) })
  async create(@Body() body: QnaQuestionDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    await this.practiceDatabase.assertSqlSandbox(body.sandboxCourseId);
    return this.services.send(COMMUNITY_PATTERNS.createQuestion, {
      caller: this.author(user),
      topic: body.topic,
      title: body.title,
      description: body.description,
      sandboxCourseId: body.sandboxCourseId ?? null,
    });
  }

  @Put(ROUTES.qna.deleteReply.path)
  @ApiOperation({ summary: 'Delete a reply', description: "The reply's author or an admin." })
  @ApiOkResponse({ schema: answerSchema(QnaQuestionAnswer), description: 'The question without that reply.' })
  @ApiForbiddenResponse({ schema: ERROR_ENVELOPE, description: "Someone else's reply, and not an admin." })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE })
  async deleteReply(@Param() { questionId }: QuestionIdDto, @Body() { id }: IdDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    return this.services.send(COMMUNITY_PATTERNS.deleteReply, { id: questionId, body: { id, caller: await this.caller(user) } });
  }

  @Put(ROUTES.qna.accept.path)
  @UserRate('qnaWrites')
  @ApiOperation({
    summary: 'Accept a reply as the answer',
    description: "{id}: the question's author or an admin accepts that reply (or another one instead). {id: null}: an admin clears it.",
  })
  @ApiOkResponse({ schema: answerSchema(QnaQuestionAnswer), description: 'The question with its acceptedReplyId.' })
  @ApiForbiddenResponse({ schema: ERROR_ENVELOPE, description: "Someone else's question and not an admin, or a clear by anyone but an admin." })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE, description: 'No such question, or the reply is not one of its replies.' })
  async accept(@Param() { questionId }: QuestionIdDto, @Body() { id }: QnaAcceptDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    return this.services.send(COMMUNITY_PATTERNS.acceptReply, { id: questionId, body: { id, caller: await this.caller(user) } });
  }

  @Put(ROUTES.qna.update.path)
  @UserRate('qnaWrites')
  @ApiOperation({
    summary: 'Edit a question, or reply to it',
    description:
      'With topic, title and description: an edit, by the author only. With {reply: {reply}}: a reply by the caller ' +
      '(anyone signed in); the question fields riding along count only when the caller is the author.',
  })
  @ApiOkResponse({ schema: answerSchema(QnaQuestionAnswer) })
  @ApiForbiddenResponse({ schema: ERROR_ENVELOPE, description: 'An edit by someone other than the author.' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE })
  @ApiConflictResponse({ schema: ERROR_ENVELOPE, description: THREAD_FULL })
  async update(@Param() { id }: IdDto, @Body() body: QnaUpdateDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    const { topic, title, description } = body;
    // Beside a reply the question's fields only ride along (a client sending the question back): its
    // practice database then stays as stored, and a course that lost its sandbox cannot refuse the reply.
    const sandboxCourseId = body.reply === undefined ? body.sandboxCourseId : undefined;
    const edit = topic !== undefined && title !== undefined && description !== undefined ? { topic, title, description, sandboxCourseId } : undefined;
    // svc-community decides who the author is (only theirs is stored), so any course named is checked.
    if (edit) await this.practiceDatabase.assertSqlSandbox(sandboxCourseId);
    return this.services.send(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller: this.author(user), edit, reply: body.reply?.reply } });
  }

  @Post(ROUTES.qna.reply.path)
  @UserRate('qnaWrites')
  @ApiOperation({ summary: 'Reply to a question', description: 'The plain form of PUT /qna/{id} with {reply: {reply}}.' })
  @ApiCreatedResponse({ schema: answerSchema(QnaQuestionAnswer), description: 'The question with the new reply.' })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE })
  @ApiConflictResponse({ schema: ERROR_ENVELOPE, description: THREAD_FULL })
  async reply(@Param() { id }: IdDto, @Body() body: QnaReplyDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    return this.services.send(COMMUNITY_PATTERNS.updateQuestion, { id, body: { caller: this.author(user), reply: body.reply } });
  }

  @Delete(ROUTES.qna.delete.path)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete a question', description: 'The author or an admin.' })
  @ApiOkResponse({ schema: answerSchema(QnaQuestionAnswer), description: 'The deleted question.' })
  @ApiForbiddenResponse({ schema: ERROR_ENVELOPE, description: "Someone else's question, and not an admin." })
  @ApiNotFoundResponse({ schema: ERROR_ENVELOPE })
  async delete(@Param() { id }: IdDto, @CurrentUser() user: TokenClaims): Promise<QnaQuestion> {
    return this.services.send(COMMUNITY_PATTERNS.deleteQuestion, { id, body: { caller: await this.caller(user) } });
  }
}
