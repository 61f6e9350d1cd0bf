import { isRpcErrorBody, type RpcErrorBody } from '@dblearn/contracts';
import { type ClientProxy, ClientProxyFactory, type Deserializer, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout } from 'rxjs';

/** Talks to a service the way the gateway does: a Nest ClientProxy on NATS request-reply. */
export class NatsCaller {
  private readonly client: ClientProxy;

  /** `deserializer`: the gateway's (nest-common's ServiceReplyDeserializer), to read raw JSON replies as it does. */
  constructor(natsUrl: string, { deserializer }: { deserializer?: Deserializer } = {}) {
    this.client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl], deserializer } }) as ClientProxy;
  }

  send<T>(pattern: string, payload: unknown, timeoutMs = 5_000): Promise<T> {
    return firstValueFrom(this.client.send<T>(pattern, payload).pipe(timeout(timeoutMs)));
  }

  /** The RpcErrorBody of a refused call; fails the test if the call was answered instead. */
  async refusal(pattern: string, payload: unknown, timeoutMs?: number): Promise<RpcErrorBody> {
    const outcome = await this.send<unknown>(pattern, payload, timeoutMs).then(
      (reply) => ({ reply }),
      (error: unknown) => ({ error }),
    );
    if (!('error' in outcome)) throw new Error(`${pattern} answered ${JSON.stringify(outcome.reply)} instead of refusing`);
    if (!isRpcErrorBody(outcome.error)) throw new Error(`${pattern} failed without an RpcErrorBody: ${String(outcome.error)}`);
    return outcome.error;
  }

  close(): Promise<void> {
    return this.client.close() as Promise<void>;
  }
}
