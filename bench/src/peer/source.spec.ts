import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import mongoose from 'mongoose';
import { parseBsonDump, PEER_SOURCE_HINT, PeerSource, PeerSourceError, peerSourceDir } from './source.js';

const { BSON } = mongoose.mongo;
const courses = [{ _id: new mongoose.Types.ObjectId(), name: 'Database I: Intro to Databases', tutorials: [] }, { name: 'Second', length: '2h 15' }];
const dumpBytes = Buffer.concat(courses.map((course) => BSON.serialize(course)));

describe('peerSourceDir', () => {
  it('is undefined when SQL4U_SRC is not set or blank, so the run only prints how to get the source', () => {
    expect(peerSourceDir({})).toBeUndefined();
    expect(peerSourceDir({ SQL4U_SRC: '  ' })).toBeUndefined();
    expect(PEER_SOURCE_HINT).toMatch(/SQL4U_SRC is not set/);
    expect(PEER_SOURCE_HINT).toMatch(/git clone --bare https:\/\/github\.com\/dongtandung2001\/SQL4U\.git/);
  });

  it('takes a relative path from where the command was typed', () => {
    expect(peerSourceDir({ SQL4U_SRC: 'sql4u.git', INIT_CWD: '/home/someone/dblearn' })).toBe('/home/someone/dblearn/sql4u.git');
    expect(peerSourceDir({ SQL4U_SRC: '/srv/sql4u.git', INIT_CWD: '/elsewhere' })).toBe('/srv/sql4u.git');
  });
});

describe('parseBsonDump', () => {
  it('reads a mongodump file: documents back to back, each led by its length', () => {
    const parsed = parseBsonDump(dumpBytes);
    expect(parsed).toHaveLength(2);
    expect(String(parsed[0]!._id)).toBe(courses[0]!._id!.toHexString());
    expect(parsed[1]).toEqual({ name: 'Second', length: '2h 15' });
    expect(parseBsonDump(Buffer.alloc(0))).toEqual([]);
  });

  it('refuses a file cut off in the middle of a document', () => {
    expect(() => parseBsonDump(dumpBytes.subarray(0, dumpBytes.length - 3))).toThrow(PeerSourceError);
    expect(() => parseBsonDump(Buffer.from([1, 0]))).toThrow(/cut off at byte 0 of 2/);
  });
});

describe('PeerSource', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'peer-source-spec-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  function repository(files: Record<string, Buffer | string>): string {
    const work = mkdtempSync(join(scratch, 'work-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(join(work, path, '..'), { recursive: true });
      writeFileSync(join(work, path), content);
    }
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=spec', '-c', 'user.email=spec@dblearn.test', ...args], { cwd: work, stdio: 'pipe' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'peer');
    return join(work, '.git');
  }

  it("reads the dump and the back end from the git directory's HEAD", async () => {
    const source = await PeerSource.open(repository({ 'backend/index.js': 'console.log(1);\n', 'sql4u/courses.bson': dumpBytes }));
    expect(source.commit).toMatch(/^[0-9a-f]{40}$/);
    expect((await source.dump('courses')).map((course) => course.name)).toEqual(['Database I: Intro to Databases', 'Second']);
    expect((await source.backendArchive()).includes(Buffer.from('backend/index.js'))).toBe(true);
  });

  it('says what SQL4U_SRC must be when it is not a git directory of SQL4U', async () => {
    await expect(PeerSource.open(join(scratch, 'nothing-here'))).rejects.toThrow(/is not a git directory of dongtandung2001\/SQL4U/);
    await expect(PeerSource.open(repository({ 'README.md': 'another project' }))).rejects.toThrow(PeerSourceError);
  });
});
