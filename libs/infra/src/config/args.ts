import { UserFacingError } from '../errors.js';

export type CliCommand =
  | { name: 'tools' }
  | { name: 'build'; force: boolean }
  | { name: 'start' }
  | { name: 'test'; unit: boolean; busy: boolean; workspaces: string[] }
  | { name: 'help' };

export const USAGE = `Usage: node libs/infra/dist/cli.js <command>

  tools                 find or install FerretDB and nats-server into .tools/bin
  build [--force]       tsc -b, then every front end whose sources changed since its last build
  start                 build, then run the whole platform (Ctrl-C stops it)
  test [--unit] [--busy] [ws…]
                        eslint and every typecheck, every workspace's jest suites, then the browser suite;
                        --unit skips the browser suite, ws… limits the run (e.g. svc-users libs/infra e2e),
                        --busy runs two CPU hogs beside it (the suites must pass on a busy machine)`;

/** argv after `cli.js`. Unknown commands and options are refused rather than ignored. */
export function parseCliArgs(argv: readonly string[]): CliCommand {
  const [command, ...rest] = argv;
  const options = rest.filter((arg) => arg.startsWith('-'));
  const positionals = rest.filter((arg) => !arg.startsWith('-'));
  const refuse = (what: string) => new UserFacingError(`${what}\n\n${USAGE}`);
  const allowOnly = (allowed: string[]) => {
    const unknown = options.find((option) => !allowed.includes(option));
    if (unknown) throw refuse(`Unknown option for ${command}: ${unknown}`);
  };
  switch (command) {
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      return { name: 'help' };
    case 'tools':
    case 'start':
      allowOnly([]);
      if (positionals.length) throw refuse(`${command} takes no arguments (got ${positionals.join(' ')}).`);
      return { name: command };
    case 'build':
      allowOnly(['--force']);
      if (positionals.length) throw refuse(`build takes no arguments (got ${positionals.join(' ')}).`);
      return { name: 'build', force: options.includes('--force') };
    case 'test':
      allowOnly(['--unit', '--busy']);
      return { name: 'test', unit: options.includes('--unit'), busy: options.includes('--busy'), workspaces: positionals };
    default:
      throw refuse(`Unknown command: ${command}`);
  }
}
