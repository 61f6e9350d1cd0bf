import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';

/** Between two first-connect tries while NATS is away. */
const RETRY_MS = 1_000;

/**
 * Connects, trying again every second while NATS is away, until `stopped()` says the process is
 * shutting down (our own loop: a pending first connect of nats.js cannot be cancelled at shutdown).
 * `firstFailure` is told once, so the log says it once.
 */
export async function connectUntilStopped(
  options: ConnectionOptions,
  stopped: () => boolean,
  firstFailure: (error: unknown) => void,
): Promise<NatsConnection | undefined> {
  for (let tries = 0; !stopped(); tries += 1) {
    try {
      const nc = await connect(options);
      if (!stopped()) return nc;
      await nc.close();
    } catch (error) {
      if (tries === 0) firstFailure(error);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
    }
  }
  return undefined;
}
