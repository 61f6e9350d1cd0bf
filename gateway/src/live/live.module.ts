import { Module } from '@nestjs/common';
import { LiveController } from './live.controller.js';
import { LiveStreams } from './live-streams.js';
import { QnaEventFeed } from './qna-event-feed.js';

/** /api/live: Server-Sent Events fed by the domain events on NATS (issue 22: the Q&A). */
@Module({ controllers: [LiveController], providers: [LiveStreams, QnaEventFeed], exports: [LiveStreams] })
export class LiveModule {}
