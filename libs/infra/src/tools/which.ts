import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first executable called `name` in the given directories, then on PATH. */
export function findExecutable(name: string, env: NodeJS.ProcessEnv = process.env, firstLookIn: readonly string[] = []): string | undefined {
  const pathDirs = (env.PATH ?? '').split(delimiter).filter(Boolean);
  for (const dir of [...firstLookIn, ...pathDirs]) {
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}
