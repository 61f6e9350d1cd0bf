import { parseCliArgs, USAGE } from './config/args.js';
import { runBuild } from './commands/build.js';
import { runStart } from './commands/start.js';
import { runTests } from './commands/test.js';
import { ensureTools } from './commands/tools.js';
import { UserFacingError } from './errors.js';
import { formatDuration, say, sayError } from './log.js';
import { ProcessStartError } from './process/child.js';
import { findRepoRoot } from './paths.js';

// The launcher behind `npm run build`, `npm start`, `npm test` and `npm run tools`.
async function main(argv: readonly string[]): Promise<number> {
  const command = parseCliArgs(argv);
  const root = findRepoRoot();
  const startedAt = Date.now();
  switch (command.name) {
    case 'help':
      process.stdout.write(`${USAGE}\n`);
      return 0;
    case 'tools':
      await ensureTools(root);
      say(`tools ready (${formatDuration(Date.now() - startedAt)})`);
      return 0;
    case 'build':
      await runBuild(root, { force: command.force });
      say(`build done (${formatDuration(Date.now() - startedAt)})`);
      return 0;
    case 'start':
      return runStart(root);
    case 'test':
      return runTests(root, { unit: command.unit, busy: command.busy, workspaces: command.workspaces });
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof UserFacingError || error instanceof ProcessStartError;
    sayError(known ? error.message : ((error as Error).stack ?? String(error)));
    process.exit(1);
  },
);
