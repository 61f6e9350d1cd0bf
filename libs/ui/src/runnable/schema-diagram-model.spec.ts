import { layoutDiagram } from './schema-diagram-layout.js';
import { edgeLabel, schemaDiagram } from './schema-diagram-model.js';
import type { SqlTableSchema } from '@dblearn/lab';

const column = (name: string, type: string, primaryKey = false) => ({ name, type, notNull: primaryKey, primaryKey });

// What the worker reads from a school sandbox's catalog (PRAGMA table_info + foreign_key_list).
const SCHOOL: SqlTableSchema[] = [
  { name: 'course', columns: [column('id', 'INTEGER', true), column('title', 'TEXT')], foreignKeys: [], rowCount: 4, rows: [] },
  {
    name: 'enrollment',
    columns: [column('student_id', 'INTEGER', true), column('course_id', 'INTEGER', true), column('grade', 'INTEGER')],
    foreignKeys: [
      { table: 'student', from: ['student_id'], to: ['id'] },
      // REFERENCES course, naming no column: the course's primary key.
      { table: 'Course', from: ['course_id'], to: [null] },
    ],
    rowCount: 9,
    rows: [],
  },
  { name: 'student', columns: [column('id', 'INTEGER', true), column('name', 'TEXT'), column('mentor_id', 'INTEGER')], foreignKeys: [{ table: 'student', from: ['mentor_id'], to: ['id'] }, { table: 'gone', from: ['name'], to: ['x'] }], rowCount: 3, rows: [] },
];

describe('schemaDiagram', () => {
  it('marks primary and foreign key columns and keeps each type', () => {
    const enrollment = schemaDiagram(SCHOOL).tables.find((table) => table.name === 'enrollment');
    expect(enrollment?.columns).toEqual([
      { name: 'student_id', type: 'INTEGER', primaryKey: true, foreignKey: true },
      { name: 'course_id', type: 'INTEGER', primaryKey: true, foreignKey: true },
      { name: 'grade', type: 'INTEGER', primaryKey: false, foreignKey: false },
    ]);
  });

  it('draws an arrow per foreign key, a key naming only its table pointing at that table\'s primary key, none to a missing table', () => {
    expect(schemaDiagram(SCHOOL).edges.map(edgeLabel)).toEqual(['student_id → student(id)', 'course_id → course(id)', 'mentor_id → student(id)']);
    expect(schemaDiagram(SCHOOL).edges.map((edge) => [edge.from, edge.to])).toEqual([
      ['enrollment', 'student'],
      ['enrollment', 'course'],
      ['student', 'student'],
    ]);
    expect(schemaDiagram(SCHOOL).tables.find((table) => table.name === 'student')?.columns.map((item) => item.foreignKey)).toEqual([false, true, true]);
  });
});

describe('layoutDiagram', () => {
  it('places every box without overlap, a referring table left of the one it refers to, inside the drawing', () => {
    const layout = layoutDiagram(schemaDiagram(SCHOOL));
    const box = (name: string) => layout.tables.find((table) => table.table.name === name)!;
    expect(layout.tables).toHaveLength(3);
    expect(box('enrollment').x + box('enrollment').width).toBeLessThan(box('student').x);
    expect(box('enrollment').x + box('enrollment').width).toBeLessThan(box('course').x);
    for (const a of layout.tables) {
      expect(a.x).toBeGreaterThanOrEqual(0);
      expect(a.y).toBeGreaterThanOrEqual(0);
      expect(a.x + a.width).toBeLessThanOrEqual(layout.width);
      expect(a.y + a.height).toBeLessThanOrEqual(layout.height);
      for (const b of layout.tables) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect([a.table.name, b.table.name, apart]).toEqual([a.table.name, b.table.name, true]);
      }
    }
    // A box is tall enough for its header and every column.
    expect(box('enrollment').height).toBeGreaterThanOrEqual(26 + 3 * 19);
    // An arrow runs from its column's row on the referring box to the referred column's row.
    const toStudent = layout.edges[0]!;
    expect(toStudent.points[0]).toEqual({ x: box('enrollment').x + box('enrollment').width, y: box('enrollment').y + 26 + 19 / 2 });
    expect(toStudent.points.at(-1)).toEqual({ x: box('student').x, y: box('student').y + 26 + 19 / 2 });
    const toCourse = layout.edges[1]!;
    expect(toCourse.points[0]?.y).toBe(box('enrollment').y + 26 + 19 + 19 / 2);
    // Every arrow has a route; the self-reference is a loop starting and ending at its box's right edge.
    expect(layout.edges.every((edge) => edge.points.length >= 2)).toBe(true);
    const loop = layout.edges[2]!;
    expect([loop.points[0]?.x, loop.points.at(-1)?.x]).toEqual([box('student').x + box('student').width, box('student').x + box('student').width]);
  });
});
