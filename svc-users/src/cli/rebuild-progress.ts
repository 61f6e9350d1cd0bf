import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { rebuildProgressCommand } from '../progress/rebuild-progress.command.js';

// The NATS client's connection chatter is not the command's output.
Logger.overrideLogger(['warn', 'error']);

// `npm run rebuild-progress -w svc-users`
process.exitCode = await rebuildProgressCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`rebuild-progress failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
