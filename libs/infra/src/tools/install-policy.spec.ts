import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { npmCommand } from '../process/run.js';

// Issue 30 Low 11 (decision 0023): a fresh `npm install` runs exactly the install scripts the root
// package.json approves (allowScripts) and no other, so the pinned Node 24 installs even once npm
// blocks unreviewed scripts. Nothing here touches the network: it reads the installed tree.
const root = resolve(import.meta.dirname, '..', '..', '..', '..');

interface Manifest {
  scripts?: Record<string, string>;
  devDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
  overrides?: Record<string, Record<string, string>>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

function manifest(dir: string): Manifest {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
}

const rootManifest = manifest(root);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

describe('install scripts (package.json allowScripts)', () => {
  it('approves the script of the `node` dev dependency, which installs the Node 24 everything runs on', () => {
    expect(rootManifest.devDependencies?.node).toMatch(/^\^?24\./);
    expect(rootManifest.allowScripts?.node).toBe(true);
    expect(manifest(join(root, 'node_modules', 'node')).scripts?.preinstall).toBeDefined();
  });

  it('names only installed packages that have an install script (no stale entry)', () => {
    for (const name of Object.keys(rootManifest.allowScripts ?? {})) {
      const dir = join(root, 'node_modules', name);
      expect({ name, installed: existsSync(join(dir, 'package.json')) }).toEqual({ name, installed: true });
      const scripts = Object.keys(manifest(dir).scripts ?? {}).filter((script) => INSTALL_SCRIPTS.includes(script));
      expect({ name, scripts: scripts.length > 0 }).toEqual({ name, scripts: true });
    }
  });

  it('leaves no installed package with an install script unreviewed (`npm install-scripts ls`)', () => {
    const npm = npmCommand();
    const listed = execFileSync(npm.command, [...npm.prefixArgs, 'install-scripts', 'ls'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
    expect(listed).toMatch(/No packages with unreviewed install scripts/);
  }, 90_000);
});

describe('the @typescript/native override', () => {
  it("points typescript-eslint's optional peer at our own TypeScript 7, and that peer is still optional", () => {
    // Only typescript-eslint's experimental tsgo backend loads it, and nothing enables that backend.
    expect(rootManifest.overrides?.['@typescript-eslint/typescript-estree']).toEqual({ '@typescript/native': '$@typescript/native' });
    expect(rootManifest.devDependencies?.['@typescript/native']).toBeDefined();
    const estree = manifest(join(root, 'node_modules', '@typescript-eslint', 'typescript-estree'));
    expect(estree.peerDependenciesMeta?.['@typescript/native']?.optional).toBe(true);
  });
});
