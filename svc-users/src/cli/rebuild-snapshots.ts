import 'reflect-metadata';
import { rebuildSnapshotsCommand } from '../snapshots/rebuild-snapshots.command.js';

// `npm run rebuild-snapshots -w svc-users`
process.exitCode = await rebuildSnapshotsCommand(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`rebuild-snapshots failed: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
});
