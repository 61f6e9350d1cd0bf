import { LIVE_LIMITS, QNA_LIVE } from '@dblearn/contracts';
import { HttpException, HttpStatus, Inject, Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import type { Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';

export const TOO_MANY_STREAMS_MESSAGE = `Too many live pages open: close a tab (at most ${LIVE_LIMITS.perUser} by default).`;
export const TOO_MANY_ADDRESS_STREAMS_MESSAGE = `Too many live pages open from your network address (at most ${LIVE_LIMITS.perAddress} by default, all its users together); the page still works, reload it later to see changes.`;
/** What a refused stream is told to wait (Retry-After): a tab may close any time. */
const STREAM_RETRY_AFTER_SECONDS = 30;
export const STREAMS_FULL_MESSAGE = 'Live updates are busy right now; the page still works, reload it to see changes.';

/**
 * The open Server-Sent Event streams of this gateway (issue 22): at most `live.perUser` per user,
 * `live.perAddress` per client address (issue 30: a stream holds its connection for good, and 64 of
 * them from one address took every connection the edge allows it, so every further request from
 * that address was reset) and `live.total` in all; one heartbeat timer for all of them. A client that stops reading is dropped
 * once its unsent bytes pass LIVE_LIMITS.maxUnsentBytes, so it cannot make the gateway buffer
 * without bound; Node's own socket timeout is off for a stream (it is meant to stay open).
 */
@Injectable()
export class LiveStreams implements OnApplicationShutdown {
  private readonly byUser = new Map<string, Set<Response>>();
  private readonly byAddress = new Map<string, number>();
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

  /** Starts the stream on this response, or refuses (429 past the user's or the address's limit, 503 past the total). */
  start(userId: string, address: string, response: Response, firstFrame: string): void {
    const mine = this.byUser.get(userId) ?? new Set<Response>();
    if (mine.size >= this.config.live.perUser) throw tooManyStreams(response, TOO_MANY_STREAMS_MESSAGE);
    const fromAddress = this.byAddress.get(address) ?? 0;
    if (fromAddress >= this.config.live.perAddress) throw tooManyStreams(response, TOO_MANY_ADDRESS_STREAMS_MESSAGE);
    if (this.count >= this.config.live.total) throw new ServiceUnavailableException(STREAMS_FULL_MESSAGE);
    mine.add(response);
    this.byUser.set(userId, mine);
    this.byAddress.set(address, fromAddress + 1);
    this.count += 1;
    response.once('close', () => {
      mine.delete(response);
      if (mine.size === 0 && this.byUser.get(userId) === mine) this.byUser.delete(userId);
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
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

function tooManyStreams(response: Response, message: string): HttpException {
  response.setHeader('Retry-After', String(STREAM_RETRY_AFTER_SECONDS));
  return new HttpException(message, HttpStatus.TOO_MANY_REQUESTS);
}

/** One SSE frame: an event name and its JSON data. */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
