#!/usr/bin/env node
// The hidden variant of the university sandbox (README "Content authors"), which the courses on
// university.sql name as `hidden:`. university.sql stays hand-written (its lessons quote its rows);
// this script derives the hidden data from it, deterministically, then adds the rows the derived
// variant cannot guarantee and the tasks need:
// - rows stored out of key order (INT PRIMARY KEY keeps a rowid of its own; rows shuffled);
// - 'Databases' with two equal grades and a NULL one (a tie the task's "equal grades by name" decides);
// - a student enrolled in every five-credit course, one of them ungraded (relational division);
// - a department whose only course nobody takes (a course with no students counts 0);
// - a course whose average grade is exactly the average of all course averages (above, not at).
// The derivation is the grader's own (libs/lab's hidden-variant, compiled: run `npx tsc -b
// libs/lab` first). `node content/generators/university-hidden.mjs` writes
// content/sandboxes/university-hidden.sql; `--print hidden` writes it to stdout. No clock, no unseeded randomness.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng, shuffled } from './seeded-random.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const sandboxes = join(here, '..', 'sandboxes');
const require = createRequire(import.meta.url);
const initSqlJs = require('sql.js');
const { deriveHiddenSql } = await import(join(here, '..', '..', 'libs', 'lab', 'dist', 'hidden-variant.js'));

const TABLES = ['department', 'employee', 'dependent', 'student', 'course', 'enrollment', 'grade_band'];
const quote = (value) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);

const source = readFileSync(join(sandboxes, 'university.sql'), 'utf8');
const SQL = await initSqlJs();
const db = new SQL.Database();
db.exec(source);
deriveHiddenSql(db);
db.exec('PRAGMA foreign_keys = ON');

const all = (sql, params = []) => {
  const statement = db.prepare(sql);
  statement.bind(params);
  const out = [];
  while (statement.step()) out.push(statement.get());
  statement.free();
  return out;
};
const one = (sql, params) => all(sql, params)[0]?.[0];

// 'Databases': two equal grades whose names sort against their ids, and one NULL grade.
const databases = one("SELECT id FROM course WHERE title = 'Databases'");
const [first, second, third] = all('SELECT id FROM student ORDER BY name').map(([id]) => id);
db.run('DELETE FROM enrollment WHERE course_id = ?', [databases]);
for (const [student, grade] of [[first, 77], [second, 77], [third, null]]) db.run('INSERT INTO enrollment (student_id, course_id, grade) VALUES (?, ?, ?)', [student, databases, grade]);

// Relational division: one student takes every five-credit course, the first of them ungraded.
const divider = one('SELECT id FROM student WHERE id NOT IN (SELECT student_id FROM enrollment) ORDER BY id');
all('SELECT id FROM course WHERE credits = 5 ORDER BY id').forEach(([course], i) =>
  db.run('INSERT OR REPLACE INTO enrollment (student_id, course_id, grade) VALUES (?, ?, ?)', [divider, course, i === 0 ? null : 60 + ((course * 7) % 40)]),
);

// A department whose only course nobody takes.
const department = one('SELECT MAX(id) + 1 FROM department');
db.run("INSERT INTO department (id, name, building) VALUES (?, 'Philosophy', 'Hypatia Hall')", [department]);
db.run("INSERT INTO course (id, title, credits, department_id, teacher_id) VALUES ((SELECT MAX(id) + 1 FROM course), 'Logic', 3, ?, (SELECT MIN(id) FROM employee))", [department]);

// Every course average a whole number (SQLite's AVG then sums integers exactly), then one course set
// exactly at the average of all course averages.
const graded = new Map();
for (const [rowid, course, grade] of all('SELECT rowid, course_id, grade FROM enrollment WHERE grade IS NOT NULL ORDER BY course_id, rowid')) {
  graded.set(course, [...(graded.get(course) ?? []), { rowid, grade }]);
}
/** Moves a course's grades (within 0..100) so they total `target`. */
function setTotal(rows, target) {
  let delta = target - rows.reduce((sum, row) => sum + row.grade, 0);
  for (const row of rows) {
    const step = Math.max(-row.grade, Math.min(100 - row.grade, delta));
    row.grade += step;
    delta -= step;
  }
  if (delta !== 0) throw new Error('a course average out of reach');
}
const average = (rows) => rows.reduce((sum, row) => sum + row.grade, 0) / rows.length;
for (const rows of graded.values()) setTotal(rows, Math.round(average(rows)) * rows.length);
// The course set at the average is a small one; the largest course is lowered until the average of
// averages is a whole number and above the average of all grades (which weighs the largest course
// most), so "the average of all grades" is a different threshold that lets the at-average course in.
const bySize = [...graded.entries()].filter(([course, rows]) => course !== databases && rows.length >= 3).sort(([a, x], [b, y]) => x.length - y.length || a - b);
const [atAverage] = bySize[0];
const balanceRows = bySize[bySize.length - 1][1];
const atRows = graded.get(atAverage);
const others = () => [...graded.entries()].filter(([course]) => course !== atAverage).reduce((sum, [, rows]) => sum + average(rows), 0);
const allGrades = () => [...graded.values()].flat();
for (;;) {
  if (others() % (graded.size - 1) === 0) {
    setTotal(atRows, (others() / (graded.size - 1)) * atRows.length);
    if (average(allGrades()) < average(atRows)) break;
  }
  setTotal(balanceRows, (average(balanceRows) - 1) * balanceRows.length);
}
for (const rows of graded.values()) for (const { rowid, grade } of rows) db.run('UPDATE enrollment SET grade = ? WHERE rowid = ?', [grade, rowid]);

// The script: the source's tables, keys INT so SQLite stores rows in the shuffled order written.
const creates = new Map(source.split('\n').filter((line) => line.startsWith('CREATE TABLE')).map((line) => [line.split(' ')[2], line.replace(/ INTEGER PRIMARY KEY/g, ' INT PRIMARY KEY')]));
const random = prng(0x0a1e5);
const lines = [
  '-- The hidden variant of university.sql, written by content/generators/university-hidden.mjs: do not edit.',
  '-- Other values, rows out of key order, and the ties and boundary rows the tasks name (see the generator).',
];
for (const table of TABLES) {
  lines.push(creates.get(table));
  const columns = all(`SELECT name FROM pragma_table_info('${table}') ORDER BY cid`).map(([name]) => name);
  const rows = shuffled(all(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY ${columns.join(', ')}`), random);
  lines.push(`INSERT INTO ${table} (${columns.join(', ')}) VALUES`);
  lines.push(rows.map((row) => `  (${row.map(quote).join(', ')})`).join(',\n') + ';');
}
const script = `${lines.join('\n')}\n`;

if (process.argv[2] === '--print') process.stdout.write(script);
else writeFileSync(join(sandboxes, 'university-hidden.sql'), script);
