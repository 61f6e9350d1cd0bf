import { type ChildProcessHandle, findRepoRoot } from '@dblearn/infra';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnTestProcess } from './test-processes.js';

export interface ServiceEnv {
  MONGO_URL: string;
  MONGO_DB: string;
  NATS_URL: string;
  [name: string]: string;
}

/**
 * Runs a built service (`svc-users`, `svc-content`…) as a child process, as `npm start` runs it; stop() ends it like Ctrl-C would.
 * It is the test file's (test-processes.ts): stopped at the file's end at the latest, with whatever it started.
 */
export class ServiceProcess {
  private handle: ChildProcessHandle | undefined;
  private readonly main: string;

  constructor(
    private readonly workspace: string,
    private readonly env: ServiceEnv,
  ) {
    this.main = join(findRepoRoot(), workspace, 'dist', 'main.js');
    if (!existsSync(this.main)) {
      throw new Error(`${workspace} is not built (${this.main} is missing): run \`npx tsc -b ${workspace}\` from the repository root.`);
    }
  }

  start(): void {
    this.handle ??= spawnTestProcess({
      name: this.workspace,
      command: process.execPath,
      args: [this.main],
      env: {
        PATH: process.env.PATH,
        // Cheap hashes: the suites register many accounts on two cores.
        PASSWORD_HASH_COST: '1024',
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stopTimeoutMs: 10_000,
    });
  }

  async stop(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.stop();
  }

  /** Its process id while it runs (a test may pause it with SIGSTOP and resume it with SIGCONT). */
  get pid(): number | undefined {
    return this.handle?.pid;
  }

  /** Its last lines of output, to explain a failure to start. */
  recentOutput(): string {
    return this.handle?.recentOutput().join('\n') ?? '';
  }
}

/** The real svc-users. */
export class SvcUsersProcess extends ServiceProcess {
  constructor(env: ServiceEnv) {
    super('svc-users', env);
  }
}
