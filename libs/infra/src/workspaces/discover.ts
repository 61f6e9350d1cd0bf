import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface PackageManifest {
  name?: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
}

export interface Workspace {
  /** Absolute path. */
  dir: string;
  /** Path from the repo root with forward slashes, e.g. `libs/infra`. */
  folder: string;
  name: string;
  manifest: PackageManifest;
}

export function readManifest(dir: string): PackageManifest | undefined {
  const path = join(dir, 'package.json');
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as PackageManifest;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** Expands one "workspaces" entry: a plain folder, or a folder pattern ending in `*` (e.g. `mf-*`). */
export function expandWorkspacePattern(root: string, pattern: string): string[] {
  if (!pattern.includes('*')) return [pattern];
  const slash = pattern.lastIndexOf('/');
  const parent = slash === -1 ? '' : pattern.slice(0, slash);
  const prefix = pattern.slice(slash + 1).replace(/\*$/, '');
  const parentDir = join(root, parent);
  if (!isDirectory(parentDir)) return [];
  return readdirSync(parentDir)
    .filter((entry) => entry.startsWith(prefix))
    .sort()
    .map((entry) => (parent ? `${parent}/${entry}` : entry));
}

/** The workspaces named in the root package.json that exist on disk (others are still to come). */
export function listWorkspaces(root: string): Workspace[] {
  const patterns = readManifest(root)?.workspaces ?? [];
  const folders = [...new Set(patterns.flatMap((pattern) => expandWorkspacePattern(root, pattern)))];
  return folders.flatMap((folder) => {
    const dir = join(root, folder);
    const manifest = readManifest(dir);
    return manifest ? [{ dir, folder: relative(root, dir).split(sep).join('/'), name: manifest.name ?? folder, manifest }] : [];
  });
}

/** Front ends are found by folder: the shell and every micro-frontend `mf-*`, whichever exist. */
export function isFrontEndFolder(folder: string): boolean {
  return folder === 'shell' || /^mf-[a-z0-9-]+$/.test(folder);
}

export function listFrontEnds(root: string): Workspace[] {
  return listWorkspaces(root).filter((ws) => isFrontEndFolder(ws.folder) && Boolean(ws.manifest.scripts?.build));
}

export type WorkspaceKind = 'lib' | 'backend' | 'front-end' | 'other';

export function workspaceKind(folder: string): WorkspaceKind {
  if (folder.startsWith('libs/')) return 'lib';
  if (folder === 'gateway' || folder.startsWith('svc-')) return 'backend';
  if (isFrontEndFolder(folder)) return 'front-end';
  return 'other';
}

const KIND_ORDER: Record<WorkspaceKind, number> = { lib: 0, backend: 1, 'front-end': 2, other: 3 };

/** Test order: libs first, then services and gateway, then front ends; stable within a group. */
export function orderForTests<T extends { folder: string }>(workspaces: readonly T[]): T[] {
  return workspaces
    .map((ws, index) => ({ ws, index }))
    .sort((a, b) => KIND_ORDER[workspaceKind(a.ws.folder)] - KIND_ORDER[workspaceKind(b.ws.folder)] || a.index - b.index)
    .map(({ ws }) => ws);
}

/** A filter word picks a workspace by folder (`libs/infra`), last folder part (`infra`) or package name. */
export function matchesFilter(ws: { folder: string; name: string }, filters: readonly string[]): boolean {
  if (filters.length === 0) return true;
  const names = new Set([ws.folder, ws.folder.split('/').pop(), ws.name, ws.name.replace(/^@[^/]+\//, '')]);
  return filters.some((filter) => names.has(filter.replace(/\/+$/, '')));
}
