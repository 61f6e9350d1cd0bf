import { COMMUNITY_EVENTS_PREFIX, EVENT_SUBJECTS, QNA_LIVE, type QnaLiveEvent, type QuestionAcceptedEvent, type QuestionRepliedEvent } from '@dblearn/contracts';
import { natsConnectionOptions, redactUrl } from '@dblearn/nest-common';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { connectUntilStopped } from '../common/nats/connect-until-stopped.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { LiveStreams, sseFrame } from './live-streams.js';

const KINDS: Record<string, QnaLiveEvent['kind']> = {
  [EVENT_SUBJECTS.questionCreated]: 'created',
  [EVENT_SUBJECTS.questionUpdated]: 'updated',
  [EVENT_SUBJECTS.questionReplied]: 'replied',
  [EVENT_SUBJECTS.questionDeleted]: 'deleted',
  [EVENT_SUBJECTS.questionAccepted]: 'accepted',
};

/** The part of a community event a page needs: which question, what happened (nobody's e-mail). */
export function toLiveEvent(subject: string, event: Partial<QuestionRepliedEvent & QuestionAcceptedEvent>): QnaLiveEvent | null {
  const kind = KINDS[subject];
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
  private nc: NatsConnection | undefined;
  private stopped = false;

  constructor(
    private readonly streams: LiveStreams,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the gateway starts while NATS is away; pages then just get no live events.
    void connectUntilStopped(
      { ...natsConnectionOptions(this.config.natsUrl), name: 'gateway-qna-live', maxReconnectAttempts: -1, reconnectTimeWait: 500 },
      () => this.stopped,
      (error) => this.logger.warn(`No live Q&A events until NATS at ${redactUrl(this.config.natsUrl)} answers: ${String(error)}`),
    ).then((nc) => {
        if (!nc) return;
        this.nc = nc;
        nc.subscribe(`${COMMUNITY_EVENTS_PREFIX}>`, {
          callback: (_error, message) => {
            try {
              const live = toLiveEvent(message.subject, message.json());
              if (live) this.streams.broadcast(sseFrame(QNA_LIVE.changeEvent, live));
            } catch {
              // Not JSON: nothing a page could use.
            }
          },
        });
      });
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    await this.nc?.close().catch(() => undefined);
  }
}
