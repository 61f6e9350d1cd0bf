import { bootstrapService, createServiceLogger, ServiceReplyDeserializer } from '@dblearn/nest-common';
import { NatsCaller, type TestInfra } from '@dblearn/testing';
import type { INestMicroservice } from '@nestjs/common';
import { AppModule } from '../../src/app.module.js';
import { type CommunityConfig, readCommunityConfig } from '../../src/config/community-config.js';

/** The service's settings for a suite: its own database; no demo questions unless asked. */
export function suiteConfig(infra: TestInfra, mongoDb: string, env: Record<string, string> = {}): CommunityConfig {
  return readCommunityConfig({ MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, MONGO_DB: mongoDb, LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env });
}

/** svc-community running in this process, exactly as main.ts wires it, minus the signal handlers. */
export function startCommunityService(config: CommunityConfig): Promise<INestMicroservice> {
  return bootstrapService(AppModule.forRoot(config), config, {
    shutdownHooks: false,
    logger: createServiceLogger({ name: 'svc-community-spec', logLevel: 'warn', logJson: false }),
  });
}

/** Talks to svc-community the way the gateway does (NATS request-reply, raw JSON replies read as Buffers). */
export class CommunityCaller extends NatsCaller {
  constructor(natsUrl: string) {
    super(natsUrl, { deserializer: new ServiceReplyDeserializer() });
  }
}
