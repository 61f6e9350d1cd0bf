import { type ChildProcessHandle, spawnProcess } from '@dblearn/infra';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The built service, as `npm start` runs it (`npm test` and `npm run build` compile it first). */
const SVC_USERS_MAIN = fileURLToPath(new URL('../../../svc-users/dist/main.js', import.meta.url));

export interface SvcUsersEnv {
  MONGO_URL: string;
  MONGO_DB: string;
  NATS_URL: string;
}

/** Runs the real svc-users as a child process; stop() ends it like Ctrl-C would. */
export class SvcUsersProcess {
  private handle: ChildProcessHandle | undefined;

  constructor(private readonly env: SvcUsersEnv) {
    if (!existsSync(SVC_USERS_MAIN)) {
      throw new Error(`svc-users is not built (${SVC_USERS_MAIN} is missing): run \`npx tsc -b svc-users\` from the repository root.`);
    }
  }

  start(): void {
    this.handle ??= spawnProcess({
      name: 'svc-users',
      command: process.execPath,
      args: [SVC_USERS_MAIN],
      env: {
        PATH: process.env.PATH,
        ...this.env,
        // Cheap hashes: the suite registers many accounts on two cores.
        PASSWORD_HASH_COST: '1024',
        LOG_LEVEL: 'warn',
      },
      stopTimeoutMs: 10_000,
    });
  }

  async stop(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.stop();
  }

  /** Its last lines of output, to explain a failure to start. */
  recentOutput(): string {
    return this.handle?.recentOutput().join('\n') ?? '';
  }
}
