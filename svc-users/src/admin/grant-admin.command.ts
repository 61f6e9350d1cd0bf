import { CHANGE_SUBJECTS } from '@dblearn/contracts';
import { parseArgs } from 'node:util';
import { DocumentLocks, DocumentStore, type Environment, natsConnectionOptions, type PendingEvent, readServiceConfig, redactUrl, WriteClaim, WriteClaimSchema } from '@dblearn/nest-common';
import { jetstream } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type CommandOutput, commandNatsUrl, CONSOLE_OUTPUT, openCommandDatabase } from '../common/command-support.js';
import { normalizeEmail } from '../users/email.js';
import { User, UserSchema } from '../users/users.schema.js';
import { setAdminFlag } from './admin-grants.js';

const USAGE = `Grants admin to an existing DBLearn account (MONGO_URL / MONGO_DB choose the database;
running svc-users instances and the gateway are told over NATS_URL, with svc-users' credentials
from DATA_DIR/nats-auth.conf when NATS_URL has none).

Usage: npm run grant-admin -w svc-users -- <email> [--revoke]

  --revoke   take admin away instead
  --help     show this text`;

/**
 * `grant-admin <email> [--revoke]` against the database in MONGO_URL / MONGO_DB.
 * Exit codes: 0 done, 1 no such user or the database failed, 2 wrong usage.
 */
export async function grantAdminCommand(argv: string[], env: Environment = process.env, output: CommandOutput = CONSOLE_OUTPUT): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { revoke: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) {
    output.out(USAGE);
    return 0;
  }
  const [email, ...extra] = parsed.positionals;
  if (!email || extra.length > 0) {
    output.err(USAGE);
    return 2;
  }
  const revoke = parsed.values.revoke === true;
  const config = readServiceConfig('users', env);
  // Beside `npm start` the bus wants svc-users' credentials (issue 17 #10: without them nobody heard the change).
  const natsUrl = await commandNatsUrl(config.natsUrl, env);
  const connection = await openCommandDatabase(config, output);
  if (!connection) return 1;
  try {
    // Spanning processes, as the instances' user store does: their writes to this user and ours stay apart.
    const users = new DocumentStore(connection.model<User>(User.name, UserSchema), null, new DocumentLocks(connection.model<WriteClaim>(WriteClaim.name, WriteClaimSchema)), 'processes');
    const result = await setAdminFlag(users, email, !revoke);
    const who = normalizeEmail(email);
    if (result.outcome === 'no-such-user') {
      output.err(`No user with the e-mail ${who} in database ${config.mongoDb}. They must register first.`);
      return 1;
    }
    const changed = result.outcome === 'changed';
    if (revoke) output.out(changed ? `${who} is no longer an admin.` : `${who} was not an admin.`);
    else output.out(changed ? `${who} is now an admin.` : `${who} was already an admin.`);
    if (result.outcome === 'changed' && !(await announceAdminChange(natsUrl, users, result.userId, result.event))) {
      output.out(
        `(NATS at ${redactUrl(config.natsUrl)} did not take the change: svc-users publishes it within 10 minutes or at its next start; until then the gateway and running svc-users instances may not know.)`,
      );
    }
    return 0;
  } finally {
    await connection.close();
  }
}

/**
 * Publishes the change at once, as svc-users' outbox relay would (JetStream, `msgID` = event id, so a
 * later relay pass cannot deliver it twice), and clears it from the document; then tells running
 * svc-users instances to drop their cached copy of the profile. False when NATS would not take it.
 */
async function announceAdminChange(natsUrl: string, users: DocumentStore<User>, userId: string, event: PendingEvent): Promise<boolean> {
  let nc: NatsConnection | undefined;
  try {
    nc = await connect({ ...natsConnectionOptions(natsUrl), timeout: 2_000, maxReconnectAttempts: 0 });
    await jetstream(nc).publish(event.subject, event.payload, { msgID: event.eventId, timeout: 2_000 });
    await users.clearEvents(userId, [event]);
    nc.publish(CHANGE_SUBJECTS.profile, userId);
    await nc.drain();
    return true;
  } catch {
    await nc?.close().catch(() => undefined);
    return false;
  }
}
