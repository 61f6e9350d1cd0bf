import { CONTENT_PATTERNS } from '@dblearn/contracts';
import { NatsCaller, ServiceProcess, startTestInfra, SvcUsersProcess, type TestInfra, uniqueDatabaseName } from '@dblearn/testing';
import request from 'supertest';
import { eventually, startGateway, type TestGateway } from './gateway.js';

/** The gateway in process with the real svc-users and svc-content as child processes, each on the bus as its own user. */
export interface UsersAndContent {
  infra: TestInfra;
  gateway: TestGateway;
  /** Calls svc-content directly (to set up content without the admin calls). */
  content: NatsCaller;
  /** The real svc-users, to stop and start it again. */
  svcUsers: SvcUsersProcess;
  close(): Promise<void>;
}

export async function startUsersAndContent(name: string, admin: { email: string; password: string }): Promise<UsersAndContent> {
  const infra = await startTestInfra({ mongo: true, nats: true });
  const svcUsers = new SvcUsersProcess({
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName(`${name}_users`),
    NATS_URL: infra.natsUrlAs('svc-users'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  const svcContent = new ServiceProcess('svc-content', {
    MONGO_URL: infra.mongoUrl,
    MONGO_DB: uniqueDatabaseName(`${name}_content`),
    NATS_URL: infra.natsUrlAs('svc-content'),
    SEED_DEMO: 'false',
  });
  svcUsers.start();
  svcContent.start();
  // The suites register dozens of learners from one address.
  const gateway = await startGateway({ NATS_URL: infra.natsUrlAs('gateway'), REGISTER_RATE_LIMIT: '1000' });
  const content = new NatsCaller(infra.natsUrl);
  const close = async () => {
    await content.close();
    await gateway.close();
    await svcUsers.stop();
    await svcContent.stop();
    await infra.stop();
  };
  try {
    // Only svc-users matters here (/health also names the services this suite does not start).
    await eventually(async () => (await request(gateway.server).get('/api/health')).body?.services?.users === 'up', 30_000, 'svc-users answers /health');
    await eventually(() => content.send(CONTENT_PATTERNS.health, {}).then(() => true, () => false), 30_000, 'svc-content answers');
  } catch (error) {
    const message = `${(error as Error).message}\nsvc-users said:\n${svcUsers.recentOutput()}\nsvc-content said:\n${svcContent.recentOutput()}`;
    await close();
    throw new Error(message);
  }
  return { infra, gateway, content, svcUsers, close };
}
