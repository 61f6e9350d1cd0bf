import { startTestInfra, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import type { INestMicroservice } from '@nestjs/common';
import mongoose from 'mongoose';
import type { UsersConfig } from '../../src/config/users-config.js';
import { type ContentStandIn, startContentStandIn } from './content-stand-in.js';
import { startUsersService, suiteConfig, UsersCaller } from './users-service.js';

export interface ProgressSuite {
  infra: TestInfra;
  config: UsersConfig;
  service: INestMicroservice;
  /** svc-content's find calls, as the stand-in answers them; `stopContent()` plays an outage. */
  content: ContentStandIn;
  /** Calls svc-users the way the gateway does. */
  users: UsersCaller;
  /** A direct look at (and hand into) svc-users' database. */
  db: mongoose.Connection;
  /** Runs `during` while svc-content does not answer, then brings it back with the same content. */
  withoutContent(during: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Real FerretDB and NATS; svc-users and the content stand-in each on the bus as their own user. */
export async function startProgressSuite(name: string): Promise<ProgressSuite> {
  const infra = await startTestInfra();
  const config = suiteConfig(infra, uniqueDatabaseName(name), { NATS_URL: infra.natsUrlAs('svc-users') });
  const suite: ProgressSuite = {
    infra,
    config,
    content: await startContentStandIn(infra.natsUrlAs('svc-content')),
    service: await startUsersService(config),
    // The suite's anonymous test user: NatsCaller passes the URL to nats.js as it is, which cannot read credentials in it.
    users: new UsersCaller(infra.natsUrl),
    db: await mongoose.createConnection(infra.mongoUrl, { dbName: config.mongoDb }).asPromise(),
    withoutContent: async (during) => {
      await suite.content.close();
      try {
        await during();
      } finally {
        suite.content = await startContentStandIn(infra.natsUrlAs('svc-content'), suite.content.state);
      }
    },
    close: async () => {
      await suite.users.close();
      await suite.service.close();
      await suite.content.close();
      await suite.db.close();
      await infra.stop();
    },
  };
  return suite;
}
