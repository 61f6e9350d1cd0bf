import { planStepMeaning, planTree } from './query-plan.js';

describe('planTree', () => {
  it('hangs each step under the step its parent names, in SQLite\'s order', () => {
    // EXPLAIN QUERY PLAN SELECT … WHERE x IN (SELECT …) ORDER BY … as SQLite 3.49 writes it.
    const tree = planTree([
      { id: 2, parent: 0, detail: 'SCAN student' },
      { id: 6, parent: 0, detail: 'LIST SUBQUERY 1' },
      { id: 8, parent: 6, detail: 'SCAN enrollment' },
      { id: 25, parent: 0, detail: 'USE TEMP B-TREE FOR ORDER BY' },
    ]);
    expect(tree.map((node) => [node.detail, node.children.map((child) => child.detail)])).toEqual([
      ['SCAN student', []],
      ['LIST SUBQUERY 1', ['SCAN enrollment']],
      ['USE TEMP B-TREE FOR ORDER BY', []],
    ]);
    expect(tree[0]?.kind).toBe('scan');
  });

  it('keeps a step whose parent is missing at the top instead of losing it', () => {
    expect(planTree([{ id: 3, parent: 99, detail: 'SCAN t' }]).map((node) => node.detail)).toEqual(['SCAN t']);
    expect(planTree([])).toEqual([]);
  });
});

describe('planStepMeaning', () => {
  it.each([
    ['SCAN student', 'scan', 'Reads every row of student'],
    ['SCAN s AS x USING COVERING INDEX s_name', 'scan', 'Reads every entry of index s_name instead of table s'],
    ['SCAN student USING INDEX student_name', 'scan', 'in the order of index student_name'],
    ['SEARCH enrollment USING INDEX enrollment_student (student_id=?)', 'search', 'through index enrollment_student (matching student_id=?), without reading the other rows'],
    ['SEARCH e USING COVERING INDEX e_sc (student_id=? AND course_id>?)', 'search', 'through index e_sc (matching student_id=? AND course_id>?) alone'],
    ['SEARCH student USING INTEGER PRIMARY KEY (rowid=?)', 'search', 'by their row id'],
    ['SEARCH e USING AUTOMATIC COVERING INDEX (student_id=?)', 'temp', 'Builds a temporary index on e for this query alone (on student_id=?)'],
    ['USE TEMP B-TREE FOR ORDER BY', 'temp', 'Sorts the rows for ORDER BY in a temporary B-tree'],
    ['USE TEMP B-TREE FOR RIGHT PART OF ORDER BY', 'temp', 'only the terms no index already orders'],
    ['USE TEMP B-TREE FOR GROUP BY', 'temp', 'into their groups'],
    ['USE TEMP B-TREE FOR DISTINCT', 'temp', 'to drop duplicates'],
    ['CORRELATED SCALAR SUBQUERY 2', 'other', 'runs again for every row'],
    ['SCALAR SUBQUERY 1', 'other', 'run once'],
    ['MATERIALIZE totals', 'temp', 'Computes totals (a subquery, view or WITH table) once'],
    ['CO-ROUTINE best', 'other', 'Computes best a row at a time'],
    ['COMPOUND QUERY', 'other', 'Combines the results of several SELECTs'],
    ['LEFT-MOST SUBQUERY', 'other', 'The first SELECT'],
    ['UNION USING TEMP B-TREE', 'temp', 'combined by UNION'],
    ['MULTI-INDEX OR', 'search', 'each side of the OR'],
    ['SCAN CONSTANT ROW', 'other', 'without FROM'],
    ['BLOOM FILTER ON c (id=?)', 'temp', 'Bloom filter on c'],
    ['SOMETHING NEW', 'other', "SQLite's own words are above"],
  ])('%s', (detail, kind, words) => {
    const meaning = planStepMeaning(detail);
    expect(meaning.kind).toBe(kind);
    expect(meaning.meaning).toContain(words);
  });
});
