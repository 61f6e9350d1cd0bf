import { rpcError, serviceUnavailable } from '@dblearn/nest-common';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { CONTENT_CONFIG, type ContentConfig, POSTGRES_RUNS_PER_LEARNER } from '../config/content-config.js';
import { POSTGRES_LAB_UNAVAILABLE, PostgresLab, type PostgresLabOptions } from './postgres-lab.js';
import { openRunawayQuarantine } from './runaway-quarantine.js';

export { POSTGRES_RUNS_PER_LEARNER } from '../config/content-config.js';

/**
 * svc-content's one pool on the PostgreSQL lab (issue 32), shared by lesson runs and graded
 * attempts, with the per-learner limit on both together. Without POSTGRES_URL every use answers 503
 * and the rest of svc-content is untouched.
 */
@Injectable()
export class PostgresLabAccess implements OnModuleDestroy {
  readonly lab: PostgresLab | null;
  private readonly inFlight = new Map<string, number>();
  private readonly perLearner: number;

  constructor(@Inject(CONTENT_CONFIG) config: ContentConfig) {
    this.lab = config.postgresUrl ? new PostgresLab(config.postgresUrl, labOptions(config)) : null;
    this.perLearner = config.postgresRunsPerLearner ?? POSTGRES_RUNS_PER_LEARNER;
  }

  /** `work` on the lab for learner `userId`: 503 without a lab, 429 past the learner's runs in flight. */
  async forLearner<T>(userId: string, work: (lab: PostgresLab) => Promise<T>): Promise<T> {
    if (!this.lab) throw serviceUnavailable(POSTGRES_LAB_UNAVAILABLE);
    const running = this.inFlight.get(userId) ?? 0;
    if (running >= this.perLearner) throw rpcError(429, 'You already have PostgreSQL runs going; wait for them to finish.');
    this.inFlight.set(userId, running + 1);
    try {
      return await work(this.lab);
    } finally {
      const left = (this.inFlight.get(userId) ?? 1) - 1;
      if (left > 0) this.inFlight.set(userId, left);
      else this.inFlight.delete(userId);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.lab?.close();
  }
}

function labOptions(config: ContentConfig): PostgresLabOptions {
  const options: PostgresLabOptions = config.postgresAuthorUrl ? { authorUrl: config.postgresAuthorUrl } : {};
  if (config.postgresQuarantine) {
    options.quarantine = openRunawayQuarantine();
    new Logger('PostgresLab').log(`Runaway backends are held in ${options.quarantine.how}.`);
  }
  return options;
}
