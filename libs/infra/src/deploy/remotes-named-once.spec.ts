import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { BEGIN_MARKER, END_MARKER, REMOTE_DEPLOY_FILES } from './remote-deploy-files.js';
import { REMOTE_TABLE, type RemoteEntry } from '../workspaces/platform.js';

// Issue 21 item 5: adding a remote takes its folder, its REMOTES entry and the root workspace list;
// everything else derives from REMOTES. This reads every file of the repository (tracked, or new and
// not ignored) and fails where one spells out what only a remote has: its folder (mf-<name>), its
// port, its suite port (e2e), MF_<NAME>_PORT, REMOTE_<NAME>_URL or E2E_<NAME>_PORT. Not checked: prose
// (*.md), comments in code, and the area's plain word (`qna` is also an API path).
const root = resolve(import.meta.dirname, '..', '..', '..', '..');

/** The declaration itself: nothing else names every remote. */
const DECLARATION = 'libs/federation/src/remotes.ts';
/** Written by npm from the workspace list. */
const NPM_LOCK = 'package-lock.json';

interface Mention {
  file: string;
  line: number;
  remote: string;
  text: string;
}

function tokensOf(remote: RemoteEntry): RegExp {
  const words = [remote.folder, remote.portVariable, remote.urlVariable, `E2E_${remote.name.toUpperCase()}_PORT`, String(remote.port), String(remote.port + 10_000)];
  return new RegExp(`(?<![\\w-])(${words.map((word) => word.replace(/[-]/g, '\\-')).join('|')})(?![\\w-])`);
}
const TOKENS = REMOTE_TABLE.map((remote) => ({ remote, pattern: tokensOf(remote) }));

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return listed.split('\0').filter((file) => file && !file.endsWith('.md') && file !== NPM_LOCK && file !== DECLARATION);
}

const isCode = (file: string) => /\.(c|m)?(j|t)sx?$/.test(file);
const isTest = (file: string) => /\.spec\.tsx?$/.test(file) || /(^|\/)(test|tests)\//.test(file);

/** The lines that count: generated regions and comments in code left out. */
function linesOf(file: string, text: string): Array<[number, string]> {
  const generated = file in REMOTE_DEPLOY_FILES;
  const out: Array<[number, string]> = [];
  let inRegion = false;
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (generated && trimmed.startsWith(BEGIN_MARKER)) inRegion = true;
    if (generated && trimmed === END_MARKER) return void (inRegion = false);
    if (inRegion) return;
    if (isCode(file) && /^(\/\/|\/\*|\*)/.test(trimmed)) return;
    out.push([index + 1, isCode(file) ? line.replace(/\s\/\/ .*$/, '') : line]);
  });
  return out;
}

function mentionsIn(file: string): Mention[] {
  const path = join(root, file);
  if (statSync(path, { throwIfNoEntry: false })?.isFile() !== true) return [];
  const buffer = readFileSync(path);
  if (buffer.includes(0)) return [];
  const mentions: Mention[] = [];
  for (const [line, text] of linesOf(file, buffer.toString('utf8'))) {
    for (const { remote, pattern } of TOKENS) {
      if (pattern.test(text)) mentions.push({ file, line, remote: remote.name, text: text.trim().slice(0, 160) });
    }
  }
  return mentions;
}

/** Where a mention belongs: its own remote's folder, or the root workspace list. */
function isOwnPlace(mention: Mention): boolean {
  const folder = REMOTE_TABLE.find((remote) => remote.name === mention.remote)!.folder;
  if (mention.file.startsWith(`${folder}/`)) return true;
  return mention.file === 'package.json' && mention.text === `"${folder}",`;
}

describe('remotes named once (REMOTES in libs/federation)', () => {
  const mentions = repositoryFiles().flatMap(mentionsIn).filter((mention) => !isOwnPlace(mention));
  const byFile = new Map<string, Mention[]>();
  for (const mention of mentions) byFile.set(mention.file, [...(byFile.get(mention.file) ?? []), mention]);

  it('finds the declaration and the workspace list, so the search itself works', () => {
    const declaration = readFileSync(join(root, DECLARATION), 'utf8');
    for (const remote of REMOTE_TABLE) expect(declaration).toMatch(tokensOf(remote));
    const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    expect(workspaces).toEqual(expect.arrayContaining(REMOTE_TABLE.map((remote) => remote.folder)));
  });

  it('has no deploy, config or source file that names a remote outside its generated regions', () => {
    const offending = mentions.filter((mention) => !isTest(mention.file)).map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect([...new Set(offending)]).toEqual([]);
  });

  it('has no test that lists every remote: a test may take one or two as its example', () => {
    const lists = [...byFile].filter(([file, found]) => isTest(file) && new Set(found.map((mention) => mention.remote)).size === REMOTE_TABLE.length);
    expect(lists.map(([file, found]) => `${file}: ${[...new Set(found.map(({ line, text }) => `${line}: ${text}`))].join(' | ')}`)).toEqual([]);
  });
});
