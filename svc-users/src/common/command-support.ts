import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES } from '@dblearn/contracts';
import { type Environment, mongoDriverOptions, nonEmpty, redactUrl, type ServiceConfig } from '@dblearn/nest-common';
import mongoose from 'mongoose';

/** Where a command writes: the console, or a test's lists. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export const CONSOLE_OUTPUT: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** A command's own connection to svc-users' database (no index builds); null after saying why it failed. */
export async function openCommandDatabase(config: ServiceConfig, output: CommandOutput): Promise<mongoose.Connection | null> {
  try {
    return await mongoose.createConnection(config.mongoUrl, { ...mongoDriverOptions(config), autoIndex: false, autoCreate: false, minPoolSize: 0 }).asPromise();
  } catch (error) {
    output.err(`Could not reach the database at ${redactUrl(config.mongoUrl)}: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * Beside `npm start` the bus wants svc-users' credentials, which the launcher writes to
 * DATA_DIR/nats-auth.conf (new on every start). A NATS_URL without credentials gets them from
 * there when that file is readable; otherwise it is used as it is.
 */
export async function commandNatsUrl(natsUrl: string, env: Environment, user = SERVICES.users.queue): Promise<string> {
  if (natsUrl.includes('@')) return natsUrl;
  const dataDir = nonEmpty(env.DATA_DIR) ?? fileURLToPath(new URL('../../../.data', import.meta.url));
  try {
    const config = JSON.parse(await readFile(join(dataDir, 'nats-auth.conf'), 'utf8')) as { authorization?: { users?: Array<{ user?: string; password?: string }> } };
    const password = config.authorization?.users?.find((entry) => entry.user === user)?.password;
    if (!password) return natsUrl;
    return natsUrl.replace(/^([a-z]+:\/\/)/i, `$1${encodeURIComponent(user)}:${encodeURIComponent(password)}@`);
  } catch {
    return natsUrl;
  }
}
