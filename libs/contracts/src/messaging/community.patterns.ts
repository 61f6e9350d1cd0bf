import type { QnaQuestion, QnaQuestionSummary } from '../community.js';
import type { ListPage } from '../content.js';
import { QNA_THREAD_LIMITS } from '../limits.js';
import type { Topic } from '../topics.js';
import type { SearchRequestDto } from '../dto/search.dto.js';
import type { ServiceSearch } from '../search.js';
import type { JsonBytes } from './json-bytes.js';

/** Request-reply subjects svc-community answers (gateway → svc-community). */
export const COMMUNITY_PATTERNS = {
  /** ListQuestionsRequest → ListPage<QnaQuestionSummary>, newest first, from the read model. */
  listQuestions: 'community.list-questions',
  /** QuestionRef → QnaQuestion; 404 if there is none. */
  findQuestion: 'community.find-question',
  /**
   * QuestionJsonRequest → the same QnaQuestion as UTF-8 JSON bytes (gzipped when asked), made once
   * and kept by the service: the gateway sends them on as the body without parsing 200 replies and
   * serializing them again.
   */
  findQuestionJson: 'community.find-question-json',
  /** CreateQuestionRequest → QnaQuestion, authored by the caller. */
  createQuestion: 'community.create-question',
  /** UpdateQuestionRequest → QnaQuestion: an edit (author only) and/or a new reply (anyone signed in). */
  updateQuestion: 'community.update-question',
  /** DeleteQuestionRequest → the deleted QnaQuestion; author or admin. */
  deleteQuestion: 'community.delete-question',
  /** DeleteReplyRequest → QnaQuestion without that reply; the reply's author or admin. */
  deleteReply: 'community.delete-reply',
  /** AcceptReplyRequest → QnaQuestion: the author (or an admin) sets or changes the accepted reply; only an admin clears it. */
  acceptReply: 'community.accept-reply',
  /** SearchRequestDto → ServiceSearch: Q&A threads (title and question) from the in-memory index (issue 22). */
  search: 'community.search',
  health: 'community.health',
} as const;

/** Who is calling, from the verified token: svc-community decides ownership with it. */
export interface Caller {
  email: string;
  isAdmin: boolean;
}

export interface ListQuestionsRequest {
  topic?: Topic;
  page?: number;
  pageSize?: number;
}

export interface QuestionFields {
  topic: Topic;
  title: string;
  description: string;
  /**
   * The course whose SQL sandbox the post's ```sql blocks run on (issue 22), null for none; absent
   * in an edit: unchanged. The gateway checked that the course exists and has a SQL sandbox.
   */
  sandboxCourseId?: string | null;
}

export interface QuestionRef {
  id: string;
}

export interface QuestionJsonRequest extends QuestionRef {
  /** The caller accepts gzip (the browser said so): the bytes come gzipped, 45 kB → 2.5 kB for 200 replies. */
  gzip?: boolean;
}

export interface CreateQuestionRequest extends QuestionFields {
  caller: Caller;
}

export interface UpdateQuestionRequest extends QuestionRef {
  caller: Caller;
  /** Applied only when the caller is the author; alone from anyone else it is a 403. */
  edit?: QuestionFields;
  /** A new reply by the caller. */
  reply?: string;
}

export interface DeleteQuestionRequest extends QuestionRef {
  caller: Caller;
}

export interface DeleteReplyRequest extends QuestionRef {
  caller: Caller;
  replyId: string;
}

export interface AcceptReplyRequest extends QuestionRef {
  caller: Caller;
  /** A reply of this question, or null to clear the accepted answer (admins only). */
  replyId: string | null;
}

/** What each pattern takes (the gateway's `send` is checked against it). */
export interface CommunityRequests {
  [COMMUNITY_PATTERNS.listQuestions]: ListQuestionsRequest;
  [COMMUNITY_PATTERNS.findQuestion]: QuestionRef;
  [COMMUNITY_PATTERNS.findQuestionJson]: QuestionJsonRequest;
  [COMMUNITY_PATTERNS.createQuestion]: CreateQuestionRequest;
  [COMMUNITY_PATTERNS.updateQuestion]: UpdateQuestionRequest;
  [COMMUNITY_PATTERNS.deleteQuestion]: DeleteQuestionRequest;
  [COMMUNITY_PATTERNS.deleteReply]: DeleteReplyRequest;
  [COMMUNITY_PATTERNS.acceptReply]: AcceptReplyRequest;
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
