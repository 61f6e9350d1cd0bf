import { mkdir } from 'node:fs/promises';
import type { ProcessSpec } from '../process/child.js';
import { LOOPBACK } from '../process/ports.js';
import { natsServerArgs, natsStoreDir } from '../tools/nats.js';

export function natsUrlFor(port: number): string {
  return `nats://${LOOPBACK}:${port}`;
}

export async function prepareNatsDataDir(dataDir: string): Promise<void> {
  await mkdir(natsStoreDir(dataDir), { recursive: true });
}

export function natsServerSpec(binary: string, dataDir: string, port: number, env: NodeJS.ProcessEnv = process.env, authConfigPath?: string): ProcessSpec {
  return {
    name: 'nats',
    command: binary,
    args: natsServerArgs(dataDir, port, authConfigPath),
    env,
    ready: { kind: 'tcp', host: LOOPBACK, port },
    readyTimeoutMs: 30_000,
    stopTimeoutMs: 20_000,
    // nats-server shuts down fully (JetStream flushed) on SIGINT and SIGTERM alike, but exits 1 on
    // SIGTERM; SIGINT gives exit 0, so a clean stop also looks clean.
    stopSignal: 'SIGINT',
    // nats-server has no quiet switch: its start-up banner and notices are [INF] lines. Warnings and errors still show.
    isChatter: (line) => line.includes('[INF]'),
  };
}
