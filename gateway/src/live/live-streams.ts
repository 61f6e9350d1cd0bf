import { LIVE_LIMITS, QNA_LIVE } from '@dblearn/contracts';
import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';

export const TOO_MANY_STREAMS_MESSAGE = `Too many live pages open: close a tab (at most ${LIVE_LIMITS.perUser} by default).`;
export const STREAMS_FULL_MESSAGE = 'Live updates are busy right now; the page still works, reload it to see changes.';

/**
 * The open Server-Sent Event streams of this gateway (issue 22): at most `live.perUser` per user and
 * `live.total` in all; one heartbeat timer for all of them. A client that stops reading is dropped
 * once its unsent bytes pass LIVE_LIMITS.maxUnsentBytes, so it cannot make the gateway buffer
 * without bound; Node's own socket timeout is off for a stream (it is meant to stay open).
 */
@Injectable()
export class LiveStreams implements OnApplicationShutdown {
  private readonly byUser = new Map<string, Set<Response>>();
  private count = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {
    // An event, not a comment: the browser's reader sees it and can tell a silent stream from a quiet one.
    this.heartbeat = setInterval(() => this.broadcast(sseFrame(QNA_LIVE.heartbeatEvent, {})), config.live.heartbeatMs);
    this.heartbeat.unref();
  }

  get open(): number {
    return this.count;
  }

  /** Starts the stream on this response, or refuses (429 past the user's limit, 503 past the total). */
  start(userId: string, response: Response, firstFrame: string): void {
    const mine = this.byUser.get(userId) ?? new Set<Response>();
    if (mine.size >= this.config.live.perUser) throw new HttpException(TOO_MANY_STREAMS_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    if (this.count >= this.config.live.total) throw new ServiceUnavailableException(STREAMS_FULL_MESSAGE);
    mine.add(response);
    this.byUser.set(userId, mine);
    this.count += 1;
    response.once('close', () => {
      mine.delete(response);
      if (mine.size === 0 && this.byUser.get(userId) === mine) this.byUser.delete(userId);
      this.count -= 1;
    });
    response.socket?.setTimeout(0);
    response.socket?.setNoDelay(true);
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: no proxy may compress (and so buffer) the stream.
      'Cache-Control': 'no-store, no-transform',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    this.write(response, `retry: ${LIVE_LIMITS.retryMs}\n${firstFrame}`);
  }

  /** One frame to every open stream. */
  broadcast(frame: string): void {
    for (const streams of this.byUser.values()) for (const response of streams) this.write(response, frame);
  }

  private write(response: Response, frame: string): void {
    if (response.writableEnded || response.destroyed) return;
    response.write(frame);
    // A client that does not read: its bytes pile up here. Drop it (its browser would reconnect).
    if (response.writableLength > LIVE_LIMITS.maxUnsentBytes) response.destroy();
  }

  onApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    for (const streams of this.byUser.values()) for (const response of streams) response.end();
  }
}

/** One SSE frame: an event name and its JSON data. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
