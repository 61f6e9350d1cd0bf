import { importIdConflict, importIdConflictMessage } from './import-ids.js';

const id = (n: number) => n.toString(16).padStart(24, '0');
const course = (n: number, fields: object) => ({ _id: id(1000 + n), topic: 'rm', tutorials: [], projects: [], ...fields });

describe('importIdConflict (issue 17, finding 11)', () => {
  it('finds a tutorial listed under two courses, naming the second place and the first', () => {
    const courses = [course(1, { tutorials: [{ _id: id(1) }, { _id: id(2) }] }), course(2, { tutorials: [{ _id: id(3) }, { _id: id(2).toUpperCase() }] })];
    const conflict = importIdConflict(courses, 10);
    expect(conflict).toEqual({ path: 'courses[11].tutorials[1]._id', message: 'This tutorial is already listed at courses[10].tutorials[1]: a tutorial belongs to one course.' });
    expect(importIdConflictMessage(conflict!)).toBe('courses[11].tutorials[1]._id: This tutorial is already listed at courses[10].tutorials[1]: a tutorial belongs to one course.');
  });

  it('finds a project listed twice in one course, and a check _id used twice anywhere', () => {
    expect(importIdConflict([course(1, { projects: [{ _id: id(5) }, { _id: id(5) }] })])?.path).toBe('courses[0].projects[1]._id');
    const checks = [course(1, { projects: [{ _id: id(6), checks: [{ _id: id(9) }] }] }), course(2, { projects: [{ _id: id(7), checks: [{ _id: id(8) }, { _id: id(9) }] }] })];
    expect(importIdConflict(checks)).toEqual({ path: 'courses[1].projects[0].checks[1]._id', message: 'This check _id is already used at courses[0].projects[0].checks[0]: every check needs its own.' });
  });

  it('lets distinct ids, a tutorial and a project sharing an id, and malformed items through (their own rules judge them)', () => {
    expect(importIdConflict([course(1, { tutorials: [{ _id: id(1) }], projects: [{ _id: id(1), checks: [{ _id: id(2) }] }] }), course(2, { tutorials: [{ _id: id(3) }] })])).toBeNull();
    expect(importIdConflict([null, 42, { tutorials: 'x' }, { projects: [null, { checks: [1] }] }])).toBeNull();
    // A course given twice is an item-level rejection (its second place), not a conflict of its lists.
    const twice = course(1, { tutorials: [{ _id: id(1) }] });
    expect(importIdConflict([twice, twice])).toBeNull();
  });
});
