import { DEADLINE_HEADER, DEADLINE_MARGIN_MS, type ServiceName } from '@dblearn/contracts';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import { type ClientProxy, NatsRecordBuilder } from '@nestjs/microservices';
import { defer, firstValueFrom, mergeMap, timeout } from 'rxjs';
import { ServiceConnectionError, toHttpException } from './service-errors.js';

/** What a service call needs of a Nest client proxy. */
export type ServiceProxy = Pick<ClientProxy, 'connect' | 'close' | 'send' | 'unwrap'>;

/**
 * One backend service reached over NATS request-reply. Every call is bounded in time and fails
 * with an HttpException ready for the client (see toHttpException), so callers never hang and
 * never see transport details.
 */
export class ServiceClient {
  constructor(
    readonly service: ServiceName,
    private readonly proxy: ServiceProxy,
    private readonly timeoutMs: number,
  ) {}

  async send<TReply>(pattern: string, payload: object, timeoutMs = this.timeoutMs): Promise<TReply> {
    const reply$ = defer(() => this.connect()).pipe(
      mergeMap(() => this.proxy.send<TReply, object>(pattern, withDeadline(payload, Date.now() + timeoutMs - DEADLINE_MARGIN_MS))),
      // Covers the connection attempt too: a NATS server that accepts but never answers is still a 503.
      timeout({ first: timeoutMs }),
    );
    try {
      return await firstValueFrom(reply$);
    } catch (error) {
      throw toHttpException(this.service, error);
    }
  }

  /** Connects now (the client otherwise connects on its first call); resolves false when NATS is not there. */
  async warmUp(): Promise<boolean> {
    try {
      await this.connect();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The NATS connection this service's replies arrive on, once connected. Whatever is heard on it
   * arrives in the order the service sent it, replies included (what the gateway's caches rely on).
   */
  async connection(): Promise<NatsConnection> {
    await this.connect();
    return this.proxy.unwrap<NatsConnection>();
  }

  async close(): Promise<void> {
    await this.proxy.close();
  }

  private async connect(): Promise<void> {
    try {
      // Cached by the proxy: after the first success this is one resolved promise per call.
      await this.proxy.connect();
    } catch (error) {
      throw new ServiceConnectionError(error);
    }
  }
}

/** The payload with the moment after which the service must not start (or commit) the work. */
function withDeadline(payload: object, deadline: number): object {
  const hdrs = headers();
  hdrs.set(DEADLINE_HEADER, String(deadline));
  return new NatsRecordBuilder(payload).setHeaders(hdrs).build();
}
