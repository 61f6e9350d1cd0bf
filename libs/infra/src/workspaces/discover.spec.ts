import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expandWorkspacePattern, isFrontEndFolder, listFrontEnds, listWorkspaces, matchesFilter, orderForTests, workspaceKind } from './discover.js';

let root: string;

async function addPackage(folder: string, manifest: object): Promise<void> {
  await mkdir(join(root, folder), { recursive: true });
  await writeFile(join(root, folder, 'package.json'), JSON.stringify(manifest));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'dblearn-discover-'));
  await writeFile(join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/contracts', 'svc-users', 'shell', 'mf-*', 'gateway', 'svc-missing'] }));
  await addPackage('libs/contracts', { name: '@dblearn/contracts' });
  await addPackage('svc-users', { name: 'svc-users' });
  await addPackage('gateway', { name: 'gateway' });
  await addPackage('shell', { name: 'shell', scripts: { build: 'rspack build' } });
  await addPackage('mf-qna', { name: 'mf-qna', scripts: { build: 'rspack build' } });
  await addPackage('mf-catalog', { name: 'mf-catalog', scripts: { build: 'rspack build' } });
  await mkdir(join(root, 'mf-empty'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('workspace discovery', () => {
  it('lists existing workspaces, expanding folder patterns and skipping folders without a package', () => {
    expect(listWorkspaces(root).map((ws) => ws.folder)).toEqual(['libs/contracts', 'svc-users', 'shell', 'mf-catalog', 'mf-qna', 'gateway']);
    expect(expandWorkspacePattern(root, 'nothing/*')).toEqual([]);
  });

  it('finds front ends by folder: the shell and any mf-*', () => {
    expect(listFrontEnds(root).map((ws) => ws.folder)).toEqual(['shell', 'mf-catalog', 'mf-qna']);
    expect(isFrontEndFolder('mf-new-area')).toBe(true);
    expect(isFrontEndFolder('gateway')).toBe(false);
  });
});

describe('test order and filters', () => {
  it('runs libs first, then services and gateway, then front ends, then the rest', () => {
    const folders = ['shell', 'bench', 'gateway', 'libs/testing', 'mf-qna', 'svc-users', 'libs/infra'].map((folder) => ({ folder }));
    expect(orderForTests(folders).map((ws) => ws.folder)).toEqual(['libs/testing', 'libs/infra', 'gateway', 'svc-users', 'shell', 'mf-qna', 'bench']);
    expect(workspaceKind('svc-content')).toBe('backend');
  });

  it('matches a workspace by folder, last folder part or package name', () => {
    const infra = { folder: 'libs/infra', name: '@dblearn/infra' };
    for (const filter of ['libs/infra', 'libs/infra/', 'infra', '@dblearn/infra']) expect(matchesFilter(infra, [filter])).toBe(true);
    expect(matchesFilter(infra, ['svc-users'])).toBe(false);
    expect(matchesFilter(infra, [])).toBe(true);
  });
});
