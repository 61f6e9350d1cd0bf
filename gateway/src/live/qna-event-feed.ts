import { COMMUNITY_EVENTS_PREFIX, EVENT_SUBJECTS, QNA_LIVE, QNA_LIVE_KINDS, type QnaLiveEvent, type QuestionAcceptedEvent, type QuestionRepliedEvent } from '@dblearn/contracts';
import { natsConnectionOptions, redactUrl, SubjectFeed } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connectUntilStopped } from '../common/nats/connect-until-stopped.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { LiveStreams, sseFrame } from './live-streams.js';

/** Each live event's kind by its subject, from contracts' one table. */
const KINDS: ReadonlyMap<string, QnaLiveEvent['kind']> = new Map(
  Object.entries(QNA_LIVE_KINDS).map(([name, kind]) => [EVENT_SUBJECTS[name as keyof typeof QNA_LIVE_KINDS], kind]),
);

/** The part of a community event a page needs: which question, what happened (nobody's e-mail). */
export function toLiveEvent(subject: string, event: Partial<QuestionRepliedEvent & QuestionAcceptedEvent>): QnaLiveEvent | null {
  const kind = KINDS.get(subject);
  if (!kind || typeof event.entityId !== 'string' || typeof event.topic !== 'string') return null;
  return { kind, questionId: event.entityId, topic: event.topic, replyId: typeof event.replyId === 'string' ? event.replyId : null };
}

/**
 * Feeds the live streams from svc-community's events (issue 22): a plain NATS subscription on
 * `events.community.>` (JetStream's publishes reach it too), on its own connection, so every
 * gateway instance hears every event at once. A stream that missed events while NATS was away
 * catches up when its page reads again (the client does on each `ready`).
 */
@Injectable()
export class QnaEventFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('QnaLive');
  private readonly feed: SubjectFeed;
  private stopped = false;

  constructor(
    private readonly streams: LiveStreams,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {
    const connect = () =>
      connectUntilStopped(
        { ...natsConnectionOptions(this.config.natsUrl), name: 'gateway-qna-live', maxReconnectAttempts: -1, reconnectTimeWait: 500 },
        () => this.stopped,
        (error) => this.logger.warn(`No live Q&A events until NATS at ${redactUrl(this.config.natsUrl)} answers: ${String(error)}`),
      );
    this.feed = new SubjectFeed(
      { get: connect, own: true },
      {
        on: {
          [`${COMMUNITY_EVENTS_PREFIX}>`]: (body, subject) => {
            try {
              const live = toLiveEvent(subject, JSON.parse(body) as Partial<QuestionRepliedEvent & QuestionAcceptedEvent>);
              if (live) this.streams.broadcast(sseFrame(QNA_LIVE.changeEvent, live));
            } catch {
              // Not JSON: nothing a page could use.
            }
          },
        },
      },
    );
  }

  onApplicationBootstrap(): void {
    // Not awaited: the gateway starts while NATS is away; pages then just get no live events.
    this.feed.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.feed.stop();
  }
}
