import { join } from 'node:path';
import { UserFacingError } from '../errors.js';
import { formatDuration, say } from '../log.js';
import { withFileLock } from '../process/build-lock.js';
import { typescriptCompiler } from '../tools/typescript.js';
import { npmCommand, runInherited } from '../process/run.js';
import { listFrontEnds } from '../workspaces/discover.js';
import { isFrontEndCurrent, markBuilt } from '../workspaces/staleness.js';

export class BuildFailedError extends UserFacingError {
  constructor(step: string) {
    super(`The build failed at: ${step}. Its errors are printed above.`);
    this.name = 'BuildFailedError';
  }
}

export interface BuildOptions {
  /** Rebuild front ends even when their last build is newer than their sources. */
  force?: boolean;
  /** Skip the front-end bundles (unit tests read sources and do not need them). */
  skipFrontEnds?: boolean;
}

/** `tsc -b` over the root references: every node package, in dependency order, incrementally. */
async function buildNodePackages(root: string): Promise<void> {
  const tsc = typescriptCompiler(root);
  const startedAt = Date.now();
  say('compiling node packages (tsc -b)');
  const code = await runInherited(process.execPath, [tsc, '-b'], { cwd: root });
  if (code !== 0) throw new BuildFailedError('tsc -b');
  say(`node packages compiled (${formatDuration(Date.now() - startedAt)})`);
}

/** Each front end (shell, mf-*) that exists, unless its dist is newer than everything it is built from. */
async function buildFrontEnds(root: string, force: boolean): Promise<void> {
  const npm = npmCommand();
  for (const ws of listFrontEnds(root)) {
    if (!force && isFrontEndCurrent(root, ws)) {
      say(`${ws.folder}: up to date, not rebuilt`);
      continue;
    }
    const startedAt = Date.now();
    say(`${ws.folder}: building`);
    const code = await runInherited(npm.command, [...npm.prefixArgs, 'run', 'build', '-w', ws.folder], { cwd: root });
    if (code !== 0) throw new BuildFailedError(`npm run build -w ${ws.folder}`);
    markBuilt(ws);
    say(`${ws.folder}: built (${formatDuration(Date.now() - startedAt)})`);
  }
}

/** Where a build announces itself, so builds started at once (test suites that each start the platform) take turns. */
export function buildLockPath(root: string): string {
  return join(root, 'node_modules', '.cache', 'dblearn', 'build.lock');
}

export async function runBuild(root: string, options: BuildOptions = {}): Promise<void> {
  await withFileLock(
    buildLockPath(root),
    async () => {
      await buildNodePackages(root);
      if (!options.skipFrontEnds) await buildFrontEnds(root, options.force ?? false);
    },
    (holder) => say(`waiting for the build that process ${holder} is running`),
  );
}
