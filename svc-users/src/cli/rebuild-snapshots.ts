import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { rebuildSnapshotsCommand } from '../snapshots/rebuild-snapshots.command.js';

// The NATS client's connection chatter is not the command's output.
Logger.overrideLogger(['warn', 'error']);

// `npm run rebuild-snapshots -w svc-users`
process.exitCode = await rebuildSnapshotsCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`rebuild-snapshots failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
