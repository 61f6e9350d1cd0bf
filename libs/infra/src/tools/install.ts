import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Builds into a fresh temporary folder beside the final place and renames the result in, so that a
 * test run that looks for the binary meanwhile never finds half of one.
 */
export async function installAtomically(binDir: string, name: string, build: (tempDir: string) => Promise<string>): Promise<string> {
  await mkdir(binDir, { recursive: true });
  const tempDir = await mkdtemp(join(binDir, `.${name}-`));
  try {
    const built = await build(tempDir);
    await chmod(built, 0o755);
    const target = join(binDir, name);
    await rename(built, target);
    return target;
  } finally {
    await rm(tempDir, { recursive: true, force: true });
  }
}
