import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectScreenFitsEveryone, lab } from './support/content.js';
import { expectMarkedLine, writeQuery } from './support/editor.js';

// Issue 23, parts 1 and 2: the practice database as a diagram, and query plans as trees.

const SCHOOL = [
  'CREATE TABLE department (id INTEGER PRIMARY KEY, name TEXT NOT NULL);',
  'CREATE TABLE teacher (id INTEGER PRIMARY KEY, name TEXT NOT NULL, department_id INTEGER REFERENCES department(id));',
  'CREATE TABLE course (id INTEGER PRIMARY KEY, title TEXT NOT NULL, teacher_id INTEGER REFERENCES teacher(id));',
  'CREATE TABLE student (id INTEGER PRIMARY KEY, name TEXT NOT NULL);',
  'CREATE TABLE enrollment (student_id INTEGER REFERENCES student(id), course_id INTEGER REFERENCES course, grade INTEGER, PRIMARY KEY (student_id, course_id));',
  "INSERT INTO department VALUES (1, 'Computing'), (2, 'Mathematics');",
  "INSERT INTO teacher VALUES (1, 'Ada', 1), (2, 'Emmy', 2);",
  "INSERT INTO course VALUES (10, 'Databases', 1), (11, 'Algebra', 2);",
  "INSERT INTO student VALUES (1, 'Grace'), (2, 'Alan'), (3, 'Barbara');",
  'INSERT INTO enrollment VALUES (1, 10, 90), (2, 10, 75), (3, 11, 88);',
].join('\n');

const QUERY = 'SELECT student_id, grade FROM enrollment WHERE course_id = 10;';
const COMPARE = `${QUERY}\n-- after: an index on course_id\nCREATE INDEX enrollment_course ON enrollment(course_id);\n${QUERY}`;

test('a learner opens the diagram of a sandbox: a box per table, keys marked, arrows, rows on a click', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'sql', source: SCHOOL }, `Look around.\n\`\`\`sql\n${QUERY}\n\`\`\``);
  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const database = page.getByRole('region', { name: 'Practice database' });
  // SQLite's reading (PostgreSQL's: engine-switch.spec.ts).
  await database.getByRole('radio', { name: 'SQLite' }).check();
  await database.getByRole('button', { name: 'Show the tables' }).click();

  const diagram = database.getByRole('group', { name: 'Tables and their foreign keys' });
  const boxes = diagram.getByRole('button');
  await expect(boxes).toHaveCount(5);
  const enrollment = diagram.getByRole('button', { name: /^enrollment\s*3 rows/ });
  await expect(enrollment).toContainText('student_id');
  await expect(enrollment).toContainText('INTEGER');
  await expect(enrollment).toContainText('PK');
  // One arrow per foreign key: teacher → department, course → teacher, enrollment → student and course.
  await expect(diagram.locator('path.dbl-diagram__edge')).toHaveCount(4);

  // Boxes are laid out apart, the referring table left of the table it refers to.
  const enrollmentBox = await enrollment.boundingBox();
  const studentBox = await diagram.getByRole('button', { name: /^student\s*3 rows/ }).boundingBox();
  expect(enrollmentBox && studentBox && enrollmentBox.x + enrollmentBox.width < studentBox.x).toBe(true);

  // A box is a button named by its own text, from the keyboard too: it shows the table's first rows.
  await enrollment.focus();
  await page.keyboard.press('Enter');
  await expect(enrollment).toHaveAttribute('aria-pressed', 'true');
  await expect(database.getByRole('region', { name: 'First rows of enrollment' }).getByRole('row')).toHaveText([/student_id\s*course_id\s*grade/, /1\s*10\s*90/, /2\s*10\s*75/, /3\s*11\s*88/]);
  await diagram.getByRole('button', { name: /^course\s*2 rows/ }).click();
  await expect(database.getByRole('region', { name: 'First rows of course' }).getByRole('row')).toHaveCount(3);

  // The same facts in words, for screen readers.
  await expect(database.getByRole('list', { name: 'Foreign keys of enrollment' }).getByRole('listitem')).toHaveText(['student_id refers to student (id)', 'course_id refers to course (its primary key)']);
  await expectScreenFitsEveryone(page);

  // At 390 px the diagram scrolls inside its own box, never the page.
  await page.setViewportSize({ width: 390, height: 844 });
  const scroller = database.getByRole('region', { name: /^Diagram of the tables/ });
  const widths = await scroller.evaluate((element) => [element.scrollWidth, element.clientWidth]);
  expect(widths[0]).toBeGreaterThan(widths[1] ?? 0);
});

test('a learner explains a query before and after an index, and sees the SCAN become a SEARCH', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'sql', source: SCHOOL }, `One query:\n\`\`\`sql\n${QUERY}\n\`\`\`\nTwo plans:\n\`\`\`sql compare-plans\n${COMPARE}\n\`\`\``);
  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const [single, compared] = [page.locator('.dbl-runnable').nth(0), page.locator('.dbl-runnable').nth(1)];
  // SQLite's plans (PostgreSQL's: engine-switch.spec.ts); one switch sets both blocks.
  await single.getByRole('radio', { name: 'SQLite' }).check();

  await single.getByRole('button', { name: 'Explain' }).click();
  const plan = single.getByRole('list', { name: 'Steps of the query plan' });
  await expect(plan.getByRole('listitem')).toHaveCount(1);
  await expect(plan.getByRole('listitem').first()).toContainText('SCAN enrollment');
  await expect(plan.getByRole('listitem').first()).toContainText('Reads every row of enrollment');

  // The statements before the last run first: with the index, the same query is a SEARCH.
  const editor = single.getByRole('textbox', { name: 'SQL example' });
  await writeQuery(page, editor, `CREATE INDEX enrollment_course ON enrollment(course_id);\n${QUERY}`);
  await single.getByRole('button', { name: 'Explain' }).click();
  await expect(plan.getByRole('listitem').first()).toContainText('SEARCH enrollment USING INDEX enrollment_course (course_id=?)');
  await expect(plan.getByRole('listitem').first()).toContainText('without reading the other rows');

  // A query that does not parse shows its error as Run does, its line marked.
  await writeQuery(page, editor, `SELECT 1;\nSELEC * FROM enrollment;`);
  await single.getByRole('button', { name: 'Explain' }).click();
  await expect(single.getByRole('alert')).toHaveText('Line 2: near "SELEC": syntax error');
  await expectMarkedLine(page, 'SELEC * FROM enrollment;', 2);

  await compared.getByRole('button', { name: 'Compare plans' }).click();
  const before = compared.getByRole('region', { name: 'Plan before' });
  const after = compared.getByRole('region', { name: 'Plan after' });
  await expect(before.getByRole('listitem')).toContainText(['SCAN enrollment']);
  await expect(after).toContainText('After: an index on course_id');
  await expect(after.getByRole('listitem')).toContainText(['SEARCH enrollment USING INDEX enrollment_course (course_id=?)']);
  await expectScreenFitsEveryone(page);

  // Side by side when wide, stacked at 390 px.
  const beside = async () => {
    const [a, b] = [await before.boundingBox(), await after.boundingBox()];
    return a !== null && b !== null && Math.abs(a.y - b.y) < 2 && b.x > a.x;
  };
  // The page may lay itself out again after a resize (the shell's menu): the answer is polled.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(beside).toBe(true);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(beside).toBe(false);
});
