import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when `dir` holds the root package.json of the npm workspaces. */
function isWorkspaceRoot(dir: string): boolean {
  const manifest = join(dir, 'package.json');
  if (!existsSync(manifest)) return false;
  try {
    const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { workspaces?: unknown };
    return Array.isArray(parsed.workspaces);
  } catch {
    return false;
  }
}

/**
 * The repository root: the nearest ancestor whose package.json declares workspaces. Walking up
 * (instead of a fixed `../../..`) keeps it right whether this runs from dist/, from src/ under jest,
 * or through the node_modules/@dblearn symlink.
 */
export function findRepoRoot(start: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(start);
  for (;;) {
    if (isWorkspaceRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json with "workspaces" above ${start}.`);
    dir = parent;
  }
}

/** Where installed servers live: TOOLS_DIR if set (used to try an install without touching .tools). */
export function toolsDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.TOOLS_DIR ? resolve(env.TOOLS_DIR) : join(root, '.tools');
}

export function toolsBinDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return join(toolsDir(root, env), 'bin');
}
