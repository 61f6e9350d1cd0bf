import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from './widgets.js';

const here = dirname(fileURLToPath(import.meta.url));
const NATS_SERVER = join(here, '../../../../.tools/bin/nats-server');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function listening(port: number): Promise<void> {
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => (socket.destroy(), resolve(true)));
        socket.once('error', () => resolve(false));
      }),
    15_000,
  );
}

/** A nats-server of the test's own (JetStream on), to kill and start again on the same port. */
export class KillableNats {
  private process: ChildProcess | null = null;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async create(prefix: string): Promise<KillableNats> {
    return new KillableNats(await freePort(), await mkdtemp(join(tmpdir(), prefix)));
  }

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.process = spawn(NATS_SERVER, ['-js', '-sd', this.dir, '-a', '127.0.0.1', '-p', String(this.port)], { stdio: 'ignore' });
    await listening(this.port);
  }

  /** Resolves once the server is gone (its port free): a busy box can take a while to reap it. */
  kill(): Promise<void> {
    const server = this.process;
    this.process = null;
    if (!server || server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
    server.kill('SIGKILL');
    return exited;
  }

  async remove(): Promise<void> {
    await this.kill();
    await rm(this.dir, { recursive: true, force: true });
  }
}
