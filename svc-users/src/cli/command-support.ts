import { mongoDriverOptions, redactUrl, type ServiceConfig } from '@dblearn/nest-common';
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
