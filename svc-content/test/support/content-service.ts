import { bootstrapService, createServiceLogger } from '@dblearn/nest-common';
import { NatsCaller, startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import { AppModule } from '../../src/app.module.js';
import { type ContentConfig, readContentConfig } from '../../src/config/content-config.js';

export { eventually } from '@dblearn/testing';

/** The service's settings for a suite: its own database, no demo content unless asked. */
export function suiteConfig(infra: TestInfra, mongoDb: string, env: Record<string, string> = {}): ContentConfig {
  return readContentConfig({ MONGO_URL: infra.mongoUrl, NATS_URL: infra.natsUrl, MONGO_DB: mongoDb, SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...env });
}

/** svc-content running in this process, exactly as main.ts wires it, minus the signal handlers. */
export function startContentService(config: ContentConfig): Promise<INestMicroservice> {
  return bootstrapService(AppModule.forRoot(config), config, {
    shutdownHooks: false,
    logger: createServiceLogger({ name: 'svc-content-spec', logLevel: 'warn', logJson: false }),
  });
}

export interface ContentSuite {
  infra: TestInfra;
  config: ContentConfig;
  service: INestMicroservice;
  /** Calls the service the way the gateway does. */
  content: NatsCaller;
  /** A direct look at what was stored. */
  db: mongoose.Connection;
  close(): Promise<void>;
}

/** Real FerretDB and NATS, the service on its own database, a caller and a database handle. */
export async function startContentSuite(name: string, env: Record<string, string> = {}): Promise<ContentSuite> {
  const infra = await startTestInfra();
  const config = suiteConfig(infra, uniqueDatabaseName(name), env);
  const service = await startContentService(config);
  const content = new NatsCaller(infra.natsUrl);
  const db = await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise();
  return {
    infra,
    config,
    service,
    content,
    db,
    close: async () => {
      await content.close();
      await service.close();
      await db.close();
      await infra.stop();
    },
  };
}
