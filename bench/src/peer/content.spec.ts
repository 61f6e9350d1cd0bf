import { describe, expect, it } from '@jest/globals';
import { BLOCK_DETAIL_MAX } from '@dblearn/contracts';
import mongoose from 'mongoose';
import { benchedItems, peerReads } from './bench.js';
import { copyId, peerImport, type PeerDump } from './content.js';

const { ObjectId } = mongoose.Types;
/** A stable ObjectId from a short name (its bytes in hex). */
const id = (name: string) => new ObjectId(Buffer.from(name).toString('hex').padEnd(24, '0'));

/** A dump as mongodump keeps SQL4U's data: ObjectIds, `__v`, a project listed by two courses, blocks DBLearn refuses. */
function sampleDump(): PeerDump {
  return {
    courses: [
      {
        _id: id('c1'),
        topic: 'beginner',
        name: 'Database I: Intro to Databases',
        length: '3h 21m',
        teacher: 'Adam Wilbert',
        projects: [{ title: 'Project #1 - SQL', _id: id('p1') }],
        tutorials: [{ title: 'Introduction', _id: id('t1') }, { title: 'Gone', _id: id('t9') }],
        __v: 3,
      },
      { _id: id('c2'), topic: 'sql', name: 'A course whose name is far longer than the fifty characters DBLearn takes', length: '1h 20m', teacher: 'Scott Simpson', projects: [{ title: 'Project #1 - SQL', _id: id('p1') }], tutorials: [] },
    ],
    tutorials: [
      {
        _id: id('t1'),
        title: 'Introduction',
        contents: [
          { _id: id('b1'), header: 'Databases', detail: 'Fields and records make up a table' },
          { _id: id('b2'), header: 'SQL', detail: 'Too short a header for DBLearn' },
          { _id: id('b3'), header: 'Ask for data with SELECT', detail: ' ' },
        ],
      },
    ],
    projects: [{ _id: id('p1'), title: 'Project #1 - SQL', difficulty: 'easy', contents: [{ _id: id('b4'), header: '', detail: 'x'.repeat(BLOCK_DETAIL_MAX + 1) }, { _id: id('b5'), header: 'Task', detail: 'SELECT 1;' }] }],
    interviews: [
      { _id: id('i1'), topic: 'nosql', question: 'Why would we need to use NoSQL?', answer: 'Big data.', __v: 0 },
      { _id: id('i2'), topic: 'graphs', question: 'A topic DBLearn does not have?', answer: 'Left out.' },
    ],
  };
}

describe('peerImport', () => {
  const { document, leftOut } = peerImport(sampleDump());

  it("keeps SQL4U's ids, so importing again updates instead of adding", () => {
    expect(document.courses.map((course) => course._id)).toEqual([id('c1').toHexString(), id('c2').toHexString()]);
    expect(document.courses[0]!.tutorials.map((tutorial) => tutorial._id)).toEqual([id('t1').toHexString()]);
    expect(document.courses[0]!.tutorials[0]!.contents[0]).toEqual({ _id: id('b1').toHexString(), header: 'Databases', detail: 'Fields and records make up a table' });
    expect(document.interviewQuestions).toEqual([{ _id: id('i1').toHexString(), topic: 'nosql', question: 'Why would we need to use NoSQL?', answer: 'Big data.', difficulty: 'medium' }]);
  });

  it("fits SQL4U's content to DBLearn's rules: easy is beginner, long names are cut, refused blocks are left out and named", () => {
    expect(document.courses[0]!.projects[0]).toMatchObject({ difficulty: 'beginner', contents: [{ header: 'Task', detail: 'SELECT 1;' }] });
    expect(document.courses[1]!.name).toHaveLength(50);
    expect(document.courses[0]!.tutorials[0]!.contents.map((block) => block.header)).toEqual(['Databases']);
    expect(leftOut).toHaveLength(4);
    expect(leftOut[0]).toBe(`tutorial "Introduction": block "SQL" (header 3, detail 30 characters; DBLearn takes 5–255 and 5–${BLOCK_DETAIL_MAX})`);
    expect(leftOut[3]).toMatch(/^interview question "A topic DBLearn does not have\?"/);
  });

  it('gives a project listed by a second course a copy under a stable id of its own', () => {
    const copy = document.courses[1]!.projects[0]!;
    expect(document.courses[0]!.projects[0]!._id).toBe(id('p1').toHexString());
    expect(copy._id).toBe(copyId(id('c2').toHexString(), id('p1').toHexString()));
    expect(copy._id).toMatch(/^[0-9a-f]{24}$/);
    expect(copy._id).not.toBe(id('p1').toHexString());
    expect(peerImport(sampleDump()).document).toEqual(document);
  });
});

describe('peerReads', () => {
  it("reads the benched course's first project and tutorial by their id on each side, beside the lists and /users/me", () => {
    const dump = sampleDump();
    const items = benchedItems(dump, peerImport(dump));
    expect(items.project).toEqual({ title: 'Project #1 - SQL', peerId: id('p1').toHexString(), dblearnId: id('p1').toHexString() });
    expect(peerReads(items)).toEqual([
      ['course list (SQL4U: all; DBLearn: page 1 of 6)', '/course', '/course?page=1&pageSize=6'],
      ['interview list', '/interview', '/interview?page=1&pageSize=6'],
      ['Q&A list', '/qna', '/qna?page=1&pageSize=6'],
      ['project by id (Project #1 - SQL)', `/project/${id('p1').toHexString()}`, `/project/${id('p1').toHexString()}`],
      ['tutorial by id (Introduction)', `/tutorial/${id('t1').toHexString()}`, `/tutorial/${id('t1').toHexString()}`],
      ['GET /api/users/me', '/users/me', '/users/me'],
    ]);
  });

  it('reads a copy by its own id in DBLearn and by the original in SQL4U', () => {
    const dump = sampleDump();
    dump.courses = [dump.courses[1]!, dump.courses[0]!];
    dump.courses[0]!.tutorials = [{ title: 'Introduction', _id: id('t1') }];
    const items = benchedItems(dump, peerImport(dump));
    expect(items.project.peerId).toBe(id('p1').toHexString());
    expect(items.project.dblearnId).toBe(copyId(id('c1').toHexString(), id('p1').toHexString()));
  });
});
