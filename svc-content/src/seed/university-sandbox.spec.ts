import { beforeAll, describe, expect, it } from '@jest/globals';
import type { SqlJsStatic } from 'sql.js';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { buildSandbox, loadEngine, runOnCopy } from '../sql-runner/sql-engine.js';
import { readContentFolder } from './content-folder.js';

// Issue 19: the practice university holds the edge cases its lessons teach, so the examples and
// checks that rely on them show something (a division that returns a row, a course nobody takes).

const courses = readContentFolder(SHIPPED_CONTENT_DIR).courses;
const algebra = courses.find((course) => course.name === 'Relational Algebra');
const source = algebra?.sandbox?.source ?? '';

let engine: SqlJsStatic;
let sandbox: Uint8Array;
beforeAll(async () => {
  engine = await loadEngine();
  sandbox = buildSandbox(engine, source);
});

const count = (query: string) => runOnCopy(engine, sandbox, `SELECT COUNT(*) FROM (${query})`).rows[0]?.[0];

describe('the practice university (university.sql)', () => {
  it('is the sandbox of the Relational Algebra and SQL courses', () => {
    for (const name of ['Relational Algebra', 'SQL Queries: SELECT, WHERE and JOIN', 'Grouping, Aggregates and Views']) {
      expect({ name, source: courses.find((course) => course.name === name)?.sandbox?.source }).toEqual({ name, source });
    }
  });

  it.each([
    ['a course nobody takes', 'SELECT id FROM course c WHERE NOT EXISTS (SELECT 1 FROM enrollment e WHERE e.course_id = c.id)'],
    ['a course with fewer than 3 students', 'SELECT course_id FROM enrollment GROUP BY course_id HAVING COUNT(*) < 3'],
    ['a course without a teacher', 'SELECT id FROM course WHERE teacher_id IS NULL'],
    [
      'a student who takes every five-credit course',
      'SELECT id FROM student s WHERE NOT EXISTS (SELECT 1 FROM course c WHERE c.credits = 5 AND NOT EXISTS (SELECT 1 FROM enrollment e WHERE e.student_id = s.id AND e.course_id = c.id))',
    ],
    ['a student whose grades are all NULL', 'SELECT student_id FROM enrollment GROUP BY student_id HAVING COUNT(grade) = 0'],
    ['a student with no enrolment', 'SELECT id FROM student s WHERE NOT EXISTS (SELECT 1 FROM enrollment e WHERE e.student_id = s.id)'],
    ['a student without a major', 'SELECT id FROM student WHERE major IS NULL'],
    ['two students with the same name', 'SELECT name FROM student GROUP BY name HAVING COUNT(*) > 1'],
  ])('holds %s', (_case, query) => {
    expect(count(query)).toBeGreaterThan(0);
  });

  it('gives every grade exactly one letter band, and every band a grade (the non-equi join)', () => {
    expect(count('SELECT DISTINCT b.letter FROM enrollment e JOIN grade_band b ON e.grade BETWEEN b.min_grade AND b.max_grade')).toBe(count('SELECT letter FROM grade_band'));
    expect(count('SELECT e.rowid FROM enrollment e JOIN grade_band b ON e.grade BETWEEN b.min_grade AND b.max_grade GROUP BY e.rowid HAVING COUNT(*) > 1')).toBe(0);
    expect(count('SELECT 1 FROM enrollment e WHERE e.grade IS NOT NULL AND NOT EXISTS (SELECT 1 FROM grade_band b WHERE e.grade BETWEEN b.min_grade AND b.max_grade)')).toBe(0);
  });

  it('makes every example of the division lesson return a row', () => {
    const division = algebra?.tutorials.flatMap((tutorial) => tutorial.contents).find((block) => block.header === 'Division');
    const examples = [...(division?.detail ?? '').matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
    expect(examples.length).toBeGreaterThanOrEqual(2);
    for (const example of examples) expect({ example, rows: runOnCopy(engine, sandbox, example).rows.length > 0 }).toEqual({ example, rows: true });
  });
});
