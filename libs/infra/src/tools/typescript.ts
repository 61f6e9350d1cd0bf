import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { findRepoRoot } from '../paths.js';

/**
 * The `tsc` to run: TypeScript 7's native compiler. The `typescript` package is TypeScript 6, kept only
 * for the JavaScript API eslint needs; its bin is `tsc6` (decision 0019).
 */
export function typescriptCompiler(root: string): string {
  return join(dirname(createRequire(join(root, 'package.json')).resolve('@typescript/native/package.json')), 'bin', 'tsc');
}

/**
 * `tsc -b <dir>`, as `npm test` and `npm start` build it (a no-op when up to date): for a suite that
 * runs built code (dist/) in a child process, so it never runs yesterday's build.
 */
export async function buildProject(dir: string, root: string = findRepoRoot()): Promise<void> {
  await promisify(execFile)(process.execPath, [typescriptCompiler(root), '-b', dir]);
}
