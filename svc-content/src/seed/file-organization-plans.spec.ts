import { describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';
import { buildSandbox, loadEngine, runOnCopy } from '../sql-runner/sql-engine.js';
import { readContentFolder } from './content-folder.js';

// Issue 19: the File Organization lessons claim query plans ("SCAN", then "SEARCH" after CREATE INDEX;
// a sorted file read by a SEARCH on its key; a covering index). Each claim is the plan SQLite gives
// for the lesson's own ```sql example on the course's sandbox.

const courses = readContentFolder(SHIPPED_CONTENT_DIR).courses;

/** The ```sql examples of a tutorial's block, found by the start of its header. */
function examples(tutorialTitle: string, header: string): { sandbox: string; sql: string[] } {
  const course = courses.find((candidate) => candidate.tutorials.some((tutorial) => tutorial.title === tutorialTitle));
  const block = course?.tutorials.find((tutorial) => tutorial.title === tutorialTitle)?.contents.find((candidate) => candidate.header.startsWith(header));
  const sql = [...(block?.detail ?? '').matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  return { sandbox: course?.sandbox?.source ?? '', sql };
}

/** The plan's detail lines for an example ending in EXPLAIN QUERY PLAN. */
async function plan(sandbox: string, sql: string): Promise<string[]> {
  const engine = await loadEngine();
  const result = runOnCopy(engine, buildSandbox(engine, sandbox), sql);
  const detail = result.columns.indexOf('detail');
  expect(detail).toBeGreaterThanOrEqual(0);
  return result.rows.map((row) => String(row[detail]));
}

describe('the plans the File Organization lessons show', () => {
  it('shows a scan before CREATE INDEX and a search of the new index after it', async () => {
    const { sandbox, sql } = examples('Kinds of indexes', 'Creating an index');
    expect(sql).toHaveLength(2);
    const [before = '', after = ''] = sql;
    expect(before).not.toMatch(/CREATE INDEX/i);
    expect(await plan(sandbox, before)).toEqual([expect.stringMatching(/^SCAN enrollment/)]);
    expect(after).toMatch(/CREATE INDEX idx_enrollment_course/i);
    expect(await plan(sandbox, after)).toEqual(['SEARCH enrollment USING INDEX idx_enrollment_course (course_id=?)']);
  });

  it('reads a range of the sorted file by a search on its key, with no sort step', async () => {
    const { sandbox, sql } = examples('Sorted (sequential) files', 'Try it');
    expect(sql).toHaveLength(1);
    expect(await plan(sandbox, sql[0] ?? '')).toEqual(['SEARCH orders_by_date USING PRIMARY KEY (ordered_on>? AND ordered_on<?)']);
  });

  it('answers the covering-index example from the index alone', async () => {
    const { sandbox, sql } = examples('Insertion, deletion and index cost', 'Composite indexes and covering');
    expect(await plan(sandbox, sql[0] ?? '')).toEqual(['SEARCH student USING COVERING INDEX idx_student_major_name (major=?)']);
  });

  it('looks a student up by primary key with a search, not a scan', async () => {
    const { sandbox, sql } = examples('The buffer manager', 'Try it');
    expect(await plan(sandbox, sql[0] ?? '')).toEqual(['SEARCH student USING INTEGER PRIMARY KEY (rowid=?)']);
  });

  it('finds the e-mail the B+ tree search example looks up', async () => {
    const { sandbox, sql } = examples('B+ tree structure and search', 'Try it: a search down the B+ tree');
    const lookup = (sql[0] ?? '').replace(/EXPLAIN QUERY PLAN\s*/i, '');
    const engine = await loadEngine();
    expect(runOnCopy(engine, buildSandbox(engine, sandbox), lookup).rows).toHaveLength(1);
    expect(await plan(sandbox, sql[0] ?? '')).toEqual([expect.stringMatching(/^SEARCH student USING INDEX sqlite_autoindex_student_\d \(email=\?\)$/)]);
  });
});
