import { type ChildProcessHandle, findRepoRoot, freePort, natsServerSpec, natsUrlFor, requireNatsServer, startProcess } from '@dblearn/infra';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A private nats-server that a test can take down and bring back on the same port. */
export class RestartableNats {
  private handle: ChildProcessHandle | undefined;

  private constructor(
    private readonly binary: string,
    private readonly dataDir: string,
    private readonly port: number,
  ) {}

  static async start(): Promise<RestartableNats> {
    const binary = await requireNatsServer(findRepoRoot());
    const dataDir = await mkdtemp(join(tmpdir(), 'dblearn-gateway-nats-'));
    const nats = new RestartableNats(binary, dataDir, await freePort());
    await nats.up();
    return nats;
  }

  get url(): string {
    return natsUrlFor(this.port);
  }

  async up(): Promise<void> {
    this.handle ??= await startProcess(natsServerSpec(this.binary, this.dataDir, this.port));
  }

  async down(): Promise<void> {
    await this.handle?.stop();
    this.handle = undefined;
  }

  async stop(): Promise<void> {
    await this.down();
    await rm(this.dataDir, { recursive: true, force: true });
  }
}
