import { parseArgs } from 'node:util';
import { type Environment, natsConnectionOptions, readServiceConfig, redactUrl } from '@dblearn/nest-common';
import { connect } from '@nats-io/transport-node';
import { type CommandOutput, CONSOLE_OUTPUT, openCommandDatabase } from '../cli/command-support.js';
import { normalizeEmail } from '../users/email.js';
import { PROFILE_CHANGED_SUBJECT } from '../users/profile-changes.js';
import { User, UserSchema } from '../users/users.schema.js';
import { setAdminFlag } from './admin-grants.js';

const USAGE = `Grants admin to an existing DBLearn account (MONGO_URL / MONGO_DB choose the database;
running svc-users instances are told over NATS_URL).

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
  const connection = await openCommandDatabase(config, output);
  if (!connection) return 1;
  try {
    const result = await setAdminFlag(connection.model<User>(User.name, UserSchema), email, !revoke);
    const who = normalizeEmail(email);
    if (result.outcome === 'no-such-user') {
      output.err(`No user with the e-mail ${who} in database ${config.mongoDb}. They must register first.`);
      return 1;
    }
    const changed = result.outcome === 'changed';
    if (revoke) output.out(changed ? `${who} is no longer an admin.` : `${who} was not an admin.`);
    else output.out(changed ? `${who} is now an admin.` : `${who} was already an admin.`);
    if (changed && !(await announceProfileChange(config.natsUrl, result.userId))) {
      output.out(`(NATS at ${redactUrl(config.natsUrl)} did not answer: running svc-users instances show the change within their cache time, 30 s by default.)`);
    }
    return 0;
  } finally {
    await connection.close();
  }
}

/** Tells running svc-users instances to drop their cached copy of this profile. */
async function announceProfileChange(natsUrl: string, userId: string): Promise<boolean> {
  try {
    const nc = await connect({ ...natsConnectionOptions(natsUrl), timeout: 2_000, maxReconnectAttempts: 0 });
    nc.publish(PROFILE_CHANGED_SUBJECT, userId);
    await nc.drain();
    return true;
  } catch {
    return false;
  }
}
