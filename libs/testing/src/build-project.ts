import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findRepoRoot, typescriptCompiler } from '@dblearn/infra';

/** `tsc -b <dir>`, as `npm test` would have built it, for a suite that runs built code (dist/) in a child. */
export async function buildProject(dir: string): Promise<void> {
  await promisify(execFile)(process.execPath, [typescriptCompiler(findRepoRoot()), '-b', dir]);
}
