import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listWorkspaces } from './discover.js';
import { frontEndInputs, isBuildCurrent, isFrontEndCurrent, isIgnoredSource, markBuilt, newestMtime } from './staleness.js';

describe('isBuildCurrent', () => {
  it('is current only when built after the newest source change', () => {
    expect(isBuildCurrent(2000, 1000)).toBe(true);
    expect(isBuildCurrent(1000, 1000)).toBe(false);
    expect(isBuildCurrent(500, 1000)).toBe(false);
    expect(isBuildCurrent(undefined, 0)).toBe(false);
  });

  it('ignores build outputs, caches and tests', () => {
    expect(isIgnoredSource('dist', true)).toBe(true);
    expect(isIgnoredSource('node_modules', true)).toBe(true);
    expect(isIgnoredSource('.cache', true)).toBe(true);
    expect(isIgnoredSource('src', true)).toBe(false);
    expect(isIgnoredSource('tsconfig.tsbuildinfo', false)).toBe(true);
    expect(isIgnoredSource('LoginForm.spec.tsx', false)).toBe(true);
    expect(isIgnoredSource('LoginForm.tsx', false)).toBe(false);
  });
});

describe('front-end staleness on disk', () => {
  let root: string;
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  const touch = async (path: string, seconds: number, content = 'x') => {
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, content);
    await utimes(path, at(seconds), at(seconds));
  };

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'dblearn-stale-'));
    await writeFile(join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/ui', 'libs/contracts', 'shell'] }));
    await writeFile(join(root, 'tsconfig.json'), JSON.stringify({ references: [{ path: 'shell/server' }] }));
    await touch(join(root, 'libs/contracts/package.json'), 10, JSON.stringify({ name: '@dblearn/contracts' }));
    await touch(join(root, 'libs/contracts/src/limits.ts'), 10);
    await touch(join(root, 'libs/ui/package.json'), 10, JSON.stringify({ name: '@dblearn/ui', dependencies: { '@dblearn/contracts': '0.1.0' } }));
    await touch(join(root, 'libs/ui/src/Button.tsx'), 10);
    await touch(join(root, 'shell/package.json'), 10, JSON.stringify({ name: 'shell', scripts: { build: 'rspack build' }, dependencies: { '@dblearn/ui': '0.1.0' } }));
    await touch(join(root, 'shell/src/App.tsx'), 10);
    await touch(join(root, 'shell/rspack.config.ts'), 10);
    await touch(join(root, 'tsconfig.web.json'), 10);
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const shell = () => listWorkspaces(root).find((ws) => ws.folder === 'shell')!;
  const buildAt = async (seconds: number) => {
    markBuilt(shell());
    await utimes(join(root, 'shell/dist/.dblearn-build-stamp'), at(seconds), at(seconds));
  };

  it('follows workspace libs through their own dependencies', () => {
    const inputs = frontEndInputs(root, shell()).map((p) => p.slice(root.length + 1));
    expect(inputs).toEqual(expect.arrayContaining(['shell', 'libs/ui/src', 'libs/ui/package.json', 'libs/contracts/src', 'tsconfig.web.json']));
  });

  it('needs a build when there is none, and not after one', async () => {
    expect(isFrontEndCurrent(root, shell())).toBe(false);
    await buildAt(20);
    expect(isFrontEndCurrent(root, shell())).toBe(true);
  });

  it('needs a rebuild when its source, its config or a lib it uses (even indirectly) changed', async () => {
    for (const changed of ['shell/src/App.tsx', 'shell/rspack.config.ts', 'libs/contracts/src/limits.ts', 'tsconfig.web.json']) {
      await buildAt(20);
      await touch(join(root, changed), 30);
      expect([changed, isFrontEndCurrent(root, shell())]).toEqual([changed, false]);
      await touch(join(root, changed), 10);
    }
  });

  it('is not made stale by its own output, tests, or the node server that tsc builds', async () => {
    await buildAt(20);
    await touch(join(root, 'shell/dist/main.js'), 30);
    await touch(join(root, 'shell/src/App.spec.tsx'), 30);
    await touch(join(root, 'shell/server/src/main.ts'), 30);
    await touch(join(root, 'shell/tsconfig.tsbuildinfo'), 30);
    expect(isFrontEndCurrent(root, shell())).toBe(true);
  });

  it('newestMtime is 0 for nothing', () => {
    expect(newestMtime([join(root, 'absent')])).toBe(0);
  });
});
