import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { listWorkspaces, type Workspace } from './discover.js';

/** Written into a front end's dist/ after a successful build; its time is "built at". */
export const BUILD_STAMP = '.dblearn-build-stamp';

/** Never inputs to a bundle: build outputs, caches, test reports and tests themselves. */
const IGNORED_DIRS = new Set(['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', '.cache', 'test', '__tests__']);
export function isIgnoredSource(name: string, isDir: boolean): boolean {
  if (isDir) return IGNORED_DIRS.has(name) || name.startsWith('.');
  return name.endsWith('.tsbuildinfo') || /\.(spec|test)\.[cm]?[jt]sx?$/.test(name);
}

/** The newest modification time under the given files and folders (0 if there are none). */
export function newestMtime(paths: readonly string[], skipDirs: ReadonlySet<string> = new Set()): number {
  let newest = 0;
  const visit = (path: string) => {
    if (skipDirs.has(path)) return;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    if (!stats.isDirectory()) {
      newest = Math.max(newest, stats.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (isIgnoredSource(entry.name, entry.isDirectory())) continue;
      visit(join(path, entry.name));
    }
  };
  paths.forEach(visit);
  return newest;
}

/** Up to date when it was built after the newest change to anything it is built from. */
export function isBuildCurrent(builtAtMs: number | undefined, newestSourceMs: number): boolean {
  return builtAtMs !== undefined && builtAtMs > newestSourceMs;
}

function stampPath(ws: Workspace): string {
  return join(ws.dir, 'dist', BUILD_STAMP);
}

export function builtAt(ws: Workspace): number | undefined {
  try {
    return statSync(stampPath(ws)).mtimeMs;
  } catch {
    return undefined;
  }
}

export function markBuilt(ws: Workspace): void {
  mkdirSync(join(ws.dir, 'dist'), { recursive: true });
  writeFileSync(stampPath(ws), `${new Date().toISOString()}\n`);
}

/** Folders the root tsconfig builds with `tsc -b` (e.g. shell/server): not part of a bundle. */
function tscProjectDirs(root: string): Set<string> {
  try {
    const config = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as { references?: Array<{ path: string }> };
    return new Set((config.references ?? []).map((ref) => resolve(root, ref.path)));
  } catch {
    return new Set();
  }
}

/**
 * What a front end is built from: its own folder, the source of every workspace lib it depends on
 * (followed through their own dependencies), and the shared configs and lock file at the root.
 */
export function frontEndInputs(root: string, ws: Workspace): string[] {
  const byName = new Map(listWorkspaces(root).map((w) => [w.name, w]));
  const inputs = new Set<string>([ws.dir]);
  const pending = [ws];
  const seen = new Set([ws.name]);
  while (pending.length) {
    const current = pending.pop()!;
    const deps = { ...current.manifest.dependencies, ...current.manifest.devDependencies };
    for (const name of Object.keys(deps)) {
      const lib = byName.get(name);
      if (!lib || seen.has(name)) continue;
      seen.add(name);
      inputs.add(join(lib.dir, 'src'));
      inputs.add(join(lib.dir, 'package.json'));
      pending.push(lib);
    }
  }
  for (const file of ['package-lock.json', 'tsconfig.web.json', 'tsconfig.base.json']) {
    if (existsSync(join(root, file))) inputs.add(join(root, file));
  }
  return [...inputs];
}

export function isFrontEndCurrent(root: string, ws: Workspace): boolean {
  const skip = tscProjectDirs(root);
  return isBuildCurrent(builtAt(ws), newestMtime(frontEndInputs(root, ws), skip));
}
