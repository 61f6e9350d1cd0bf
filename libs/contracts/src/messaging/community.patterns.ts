import type { QnaQuestion, QnaQuestionSummary } from '../community.js';
import type { ListPage } from '../content.js';
import { QNA_THREAD_LIMITS } from '../limits.js';
import type { IdDto, ListQueryDto, WithPathId } from '../dto/common.dto.js';
import type { QnaQuestionDto } from '../dto/community.dto.js';
import type {
  AcceptReplyMessageDto,
  CallerMessageDto,
  CreateQuestionMessageDto,
  DeleteReplyMessageDto,
  QuestionJsonMessageDto,
  UpdateQuestionMessageDto,
} from '../dto/community-messages.dto.js';
import type { SearchRequestDto } from '../dto/search.dto.js';
import type { ServiceSearch } from '../search.js';
import type { JsonBytes } from './json-bytes.js';

/** Request-reply subjects svc-community answers (gateway → svc-community). */
export const COMMUNITY_PATTERNS = {
  /** ListQueryDto → ListPage<QnaQuestionSummary>, newest first, from the read model. */
  listQuestions: 'community.list-questions',
  /** IdDto → QnaQuestion; 404 if there is none. */
  findQuestion: 'community.find-question',
  /**
   * QuestionJsonMessageDto → the same QnaQuestion as UTF-8 JSON bytes (gzipped when asked), made once
   * and kept by the service: the gateway sends them on as the body without parsing 200 replies and
   * serializing them again.
   */
  findQuestionJson: 'community.find-question-json',
  /** CreateQuestionMessageDto → QnaQuestion, authored by the caller. */
  createQuestion: 'community.create-question',
  /** WithPathId<UpdateQuestionMessageDto> → QnaQuestion: an edit (author only) and/or a new reply (anyone signed in). */
  updateQuestion: 'community.update-question',
  /** WithPathId<CallerMessageDto> → the deleted QnaQuestion; author or admin. */
  deleteQuestion: 'community.delete-question',
  /** WithPathId<DeleteReplyMessageDto> → QnaQuestion without that reply; the reply's author or admin. */
  deleteReply: 'community.delete-reply',
  /** WithPathId<AcceptReplyMessageDto> → QnaQuestion: the author (or an admin) sets or changes the accepted reply; only an admin clears it. */
  acceptReply: 'community.accept-reply',
  /** SearchRequestDto → ServiceSearch: Q&A threads (title and question) from the in-memory index (issue 22). */
  search: 'community.search',
  health: 'community.health',
} as const;

/**
 * A question's own fields as the browser's forms send them (mf-qna): the type of the DTO that checks
 * them (type-only, so the browser's bundle holds no class-validator). `sandboxCourseId` is the
 * course whose SQL sandbox the post's ```sql blocks run on (issue 22), null for none.
 */
export type QuestionFields = Pick<QnaQuestionDto, 'topic' | 'title' | 'description' | 'sandboxCourseId'>;

/** What each pattern takes (the gateway's `send` is checked against it). */
export interface CommunityRequests {
  [COMMUNITY_PATTERNS.listQuestions]: ListQueryDto;
  [COMMUNITY_PATTERNS.findQuestion]: IdDto;
  [COMMUNITY_PATTERNS.findQuestionJson]: QuestionJsonMessageDto;
  [COMMUNITY_PATTERNS.createQuestion]: CreateQuestionMessageDto;
  [COMMUNITY_PATTERNS.updateQuestion]: WithPathId<UpdateQuestionMessageDto>;
  [COMMUNITY_PATTERNS.deleteQuestion]: WithPathId<CallerMessageDto>;
  [COMMUNITY_PATTERNS.deleteReply]: WithPathId<DeleteReplyMessageDto>;
  [COMMUNITY_PATTERNS.acceptReply]: WithPathId<AcceptReplyMessageDto>;
  [COMMUNITY_PATTERNS.search]: SearchRequestDto;
  [COMMUNITY_PATTERNS.health]: Record<string, never>;
}

export interface CommunityReplies {
  [COMMUNITY_PATTERNS.listQuestions]: ListPage<QnaQuestionSummary>;
  [COMMUNITY_PATTERNS.findQuestion]: QnaQuestion;
  /** UTF-8 JSON of a QnaQuestion (gzipped when the request said `gzip`), as raw bytes (nest-common's JsonBytesReply), to be sent on as an HTTP body. */
  [COMMUNITY_PATTERNS.findQuestionJson]: JsonBytes;
  [COMMUNITY_PATTERNS.createQuestion]: QnaQuestion;
  [COMMUNITY_PATTERNS.updateQuestion]: QnaQuestion;
  [COMMUNITY_PATTERNS.deleteQuestion]: QnaQuestion;
  [COMMUNITY_PATTERNS.deleteReply]: QnaQuestion;
  [COMMUNITY_PATTERNS.acceptReply]: QnaQuestion;
  [COMMUNITY_PATTERNS.search]: ServiceSearch;
  [COMMUNITY_PATTERNS.health]: { status: 'ok' };
}

/** CONTRACT "Q&A": the sentences a refused caller reads. */
export const QNA_MESSAGES = {
  notFound: 'Question not found.',
  replyNotFound: 'Reply not found.',
  onlyAuthorEdits: 'Only the author can edit this question.',
  onlyAuthorOrAdminDeletes: 'Only the author or an admin can delete this question.',
  onlyReplyAuthorOrAdminDeletes: 'Only the author of the reply or an admin can delete it.',
  noSqlSandbox: 'The practice database must be a course with a SQL sandbox; choose another or none.',
  onlyAuthorOrAdminAccepts: 'Only the author of the question or an admin can accept an answer.',
  onlyAdminClearsAccepted: 'Only an admin can clear the accepted answer; the author can accept another reply instead.',
  tooManyReplies: `This question already has ${QNA_THREAD_LIMITS.maxReplies} replies, the most a question takes; ask a new question to go on.`,
  threadTooLarge: `This question and its replies would pass ${QNA_THREAD_LIMITS.maxJsonBytes / 1024} kB, the most a question takes; ask a new question to go on.`,
} as const;
