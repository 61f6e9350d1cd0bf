import { CHANGE_SUBJECTS } from '@dblearn/contracts';
import { parseArgs } from 'node:util';
import { DocumentLocks, DocumentStore, type Environment, natsConnectionOptions, readServiceConfig, redactUrl, WriteClaim, WriteClaimSchema } from '@dblearn/nest-common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type CommandOutput, commandNatsUrl, CONSOLE_OUTPUT, openCommandDatabase } from '../common/command-support.js';
import { ContentClient } from './content.client.js';
import { User, UserSchema } from '../users/users.schema.js';
import { rebuildProgress } from './rebuild-progress.js';
import { SnapshotHolder, SnapshotHolderSchema } from './snapshot-holder.schema.js';
import { SnapshotHolders } from './snapshot-holders.js';
import { UserProgress } from './user-progress.js';

const USAGE = `Rebuilds every user's finished projects, saved questions and read tutorials from svc-content:
copies are freshened, copies of deleted content removed, snapshot_holders rewritten. For when
svc-users was down longer than the events stream keeps events. svc-content must be running.
MONGO_URL / MONGO_DB choose svc-users' database (default: npm start's); NATS_URL reaches svc-content
and the running svc-users instances, as svc-users' bus user: without credentials in it, they are
read from DATA_DIR/nats-auth.conf (default .data/), where npm start writes them.

Usage: npm run rebuild-progress -w svc-users

  --help     show this text`;

/** Exit codes: 0 done, 1 the database or svc-content failed (nothing was written then), 2 wrong usage. */
export async function rebuildProgressCommand(argv: string[], env: Environment = process.env, output: CommandOutput = CONSOLE_OUTPUT): Promise<number> {
  try {
    const parsed = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } });
    if (parsed.values.help) {
      output.out(USAGE);
      return 0;
    }
  } catch (error) {
    output.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const found = readServiceConfig('users', env);
  const config = { ...found, natsUrl: await commandNatsUrl(found.natsUrl, env) };
  const connection = await openCommandDatabase(config, output);
  if (!connection) return 1;
  const content = new ContentClient(config.natsUrl);
  let nc: NatsConnection | null = null;
  try {
    nc = await connect({ ...natsConnectionOptions(config.natsUrl), timeout: 2_000, maxReconnectAttempts: 0 }).catch(() => null);
    const bus = nc;
    // Running svc-users instances drop their cached copy of each profile that changed.
    const announcer = { changed: (userId: string) => bus?.publish(CHANGE_SUBJECTS.profile, userId) };
    const users = connection.model<User>(User.name, UserSchema);
    const locks = new DocumentLocks(connection.model<WriteClaim>(WriteClaim.name, WriteClaimSchema));
    const report = await rebuildProgress({
      users,
      // Spanning processes, as the instances' user store does: their writes to one user and this command's stay apart.
      lists: new UserProgress(new DocumentStore(users, null, locks, 'processes'), announcer),
      holders: new SnapshotHolders(new DocumentStore(connection.model<SnapshotHolder>(SnapshotHolder.name, SnapshotHolderSchema), null, locks)),
      content,
    });
    output.out(
      `Read ${report.users} users; ${report.usersChanged} changed. Projects ${report.entities.project} (${report.gone.project} gone), ` +
        `questions ${report.entities.question} (${report.gone.question} gone), tutorials ${report.entities.tutorial} (${report.gone.tutorial} gone).`,
    );
    if (!nc) output.out(`(NATS at ${redactUrl(config.natsUrl)} did not answer for announcements: running svc-users instances show the changes within their cache time.)`);
    return 0;
  } catch (error) {
    const body = (error as { getError?: () => unknown }).getError?.() as { message?: unknown } | undefined;
    output.err(`Rebuild failed (copies change only after svc-content answered for every entity; running it again is safe): ${typeof body?.message === 'string' ? body.message : error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await content.close();
    await nc?.drain().catch(() => undefined);
    await connection.close();
  }
}
