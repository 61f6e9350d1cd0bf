import { CONTENT_PATTERNS, DIFFICULTIES, isRpcErrorBody, isTopic, type ProjectCheck } from '@dblearn/contracts';
import { natsConnectionOptions, rpcError, serviceUnavailable } from '@dblearn/nest-common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';
import { NOT_FOUND_MESSAGES, type ProgressKind, type ProgressEntryOf } from './progress-kinds.js';

/** Shorter than the gateway's wait (2 s), so a slow svc-content is a clear 503, not a gateway timeout. */
export const CONTENT_TIMEOUT_MS = 1_500;

export const CONTENT_UNAVAILABLE_MESSAGE = 'The content service is unavailable. Try again shortly.';

const FIND_PATTERNS: Record<ProgressKind, string> = {
  project: CONTENT_PATTERNS.findProject,
  question: CONTENT_PATTERNS.findInterview,
  tutorial: CONTENT_PATTERNS.findTutorial,
};

/**
 * svc-content's find-by-id calls, answered as the progress entry (a copy) svc-users keeps. A refusal of
 * svc-content (404) keeps its status; no answer in time is a 503 naming the content service.
 */
export class ContentClient {
  private readonly proxy: ClientProxy;

  constructor(
    natsUrl: string,
    private readonly timeoutMs = CONTENT_TIMEOUT_MS,
  ) {
    this.proxy = ClientProxyFactory.create({
      transport: Transport.NATS,
      options: {
        ...natsConnectionOptions(natsUrl),
        name: 'svc-users-content-client',
        maxReconnectAttempts: -1,
        reconnectTimeWait: 500,
        waitOnFirstConnect: false,
      },
    }) as ClientProxy;
  }

  /** The entity as a progress entry; throws the 404 (or 503) the caller should answer. */
  async progressEntry<K extends ProgressKind>(kind: K, id: string): Promise<ProgressEntryOf[K]> {
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.proxy.send<unknown, { id: string }>(FIND_PATTERNS[kind], { id }).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRpcErrorBody(error) && error.statusCode === 404) throw rpcError(404, NOT_FOUND_MESSAGES[kind]);
      if (isRpcErrorBody(error) && error.statusCode < 500) throw rpcError(error.statusCode, error.message);
      throw serviceUnavailable(CONTENT_UNAVAILABLE_MESSAGE);
    }
    const entry = toProgressEntry(kind, reply);
    if (!entry || entry._id !== id) throw new Error(`svc-content answered ${FIND_PATTERNS[kind]} for ${id} with something that is not a ${kind}.`);
    return entry;
  }

  /** The project's checks this learner has not passed yet (CONTRACT "Runnable SQL"); throws 404/503 like `progressEntry`. */
  async checksLeft(userId: string, projectId: string): Promise<ProjectCheck[]> {
    let reply: unknown;
    try {
      reply = await firstValueFrom(this.proxy.send<unknown, object>(CONTENT_PATTERNS.checksLeft, { userId, projectId }).pipe(timeout(this.timeoutMs)));
    } catch (error) {
      if (isRpcErrorBody(error) && error.statusCode === 404) throw rpcError(404, NOT_FOUND_MESSAGES.project);
      if (isRpcErrorBody(error) && error.statusCode < 500) throw rpcError(error.statusCode, error.message);
      throw serviceUnavailable(CONTENT_UNAVAILABLE_MESSAGE);
    }
    const left = (reply as { left?: unknown } | null)?.left;
    if (!Array.isArray(left) || !left.every((check) => typeof check?._id === 'string' && typeof check?.task === 'string')) {
      throw new Error(`svc-content answered ${CONTENT_PATTERNS.checksLeft} for ${projectId} with something that is not a list of checks.`);
    }
    return left as ProjectCheck[];
  }

  /** True or false when svc-content says so; throws when it cannot be asked. */
  async exists(kind: ProgressKind, id: string): Promise<boolean> {
    try {
      await this.progressEntry(kind, id);
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }
}

export function isNotFound(error: unknown): boolean {
  const body = (error as { getError?: () => unknown }).getError?.();
  return isRpcErrorBody(body) && body.statusCode === 404;
}

/** Copies exactly the entry's fields, checked: a reply is data from another process. */
export function toProgressEntry<K extends ProgressKind>(kind: K, reply: unknown): ProgressEntryOf[K] | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const item = reply as Record<string, unknown>;
  const text = (value: unknown): value is string => typeof value === 'string';
  const courseId = item.courseId === undefined || item.courseId === null ? null : item.courseId;
  if (!text(item._id) || (courseId !== null && !text(courseId))) return null;
  switch (kind) {
    case 'project': {
      const { title, difficulty } = item;
      if (!text(title) || !(DIFFICULTIES as readonly unknown[]).includes(difficulty)) return null;
      return { _id: item._id, title, difficulty, courseId } as ProgressEntryOf[K];
    }
    case 'question': {
      const { topic, question, answer } = item;
      if (!isTopic(topic) || !text(question) || !text(answer)) return null;
      return { _id: item._id, topic, question, answer } as ProgressEntryOf[K];
    }
    case 'tutorial':
      return { _id: item._id, courseId } as ProgressEntryOf[K];
  }
  return null;
}
