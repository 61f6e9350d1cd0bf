import { expect, test } from '@playwright/test';
import { signIn } from './support/accounts.js';
import { expectScreenFitsEveryone, lab, MEMBERS_SANDBOX } from './support/content.js';
import { expectMarkedLine, markedLines, writeQuery } from './support/editor.js';
import { REMOTE_PORTS } from './support/remotes.js';

// Issue 11, browser side: a ```sql block in a tutorial is a lab. The course here has no sandbox, so
// the example makes its own table; every run starts from a fresh (empty) database.
const EXAMPLE = "CREATE TABLE book (id INTEGER, title TEXT);\nINSERT INTO book VALUES (1, 'Dune'), (2, NULL);\nSELECT id, title FROM book ORDER BY id;";

test('a learner runs a tutorial\'s SQL example, breaks it, sees the error and resets it', async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, null, `Run this.\n\`\`\`sql\n${EXAMPLE}\n\`\`\``);

  await signIn(page, request);
  const wasm: string[] = [];
  const workerScripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.wasm')) wasm.push(response.url());
    if (response.url().includes('/static/workers/')) workerScripts.push(response.url());
  });
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const editor = page.getByRole('textbox', { name: 'SQL example' });
  await expect(editor).toBeVisible();
  expect(wasm).toEqual([]);
  // This journey is SQLite's, in the browser (PostgreSQL by default: engine-switch.spec.ts).
  await page.getByRole('radio', { name: 'SQLite' }).check();

  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toHaveText('2 rows');
  const table = page.getByRole('region', { name: 'Query result' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['id', 'title']);
  await expect(table.getByRole('row').nth(1)).toHaveText(/1\s*Dune/);
  await expect(table.getByRole('row').nth(2)).toHaveText(/2\s*NULL/);
  expect(wasm).toHaveLength(1);
  expect(wasm[0]).toMatch(/sql-wasm\.[0-9a-f]{8}\.wasm$/);
  // The worker (decision 0050): a Blob of the page's origin that imports the bundle the catalog remote
  // built, from the remote's own origin.
  const pageOrigin = new URL(page.url()).origin;
  expect(page.workers().map((worker) => worker.url())).toEqual([expect.stringMatching(new RegExp(`^blob:${pageOrigin}/`))]);
  expect(workerScripts).toHaveLength(1);
  const workerScript = new URL(workerScripts[0] ?? '');
  expect([workerScript.port, workerScript.pathname]).toEqual([String(REMOTE_PORTS.catalog), '/static/workers/sql-worker.js']);
  expect(workerScript.origin).not.toBe(pageOrigin);
  await expectScreenFitsEveryone(page);

  // Broken: the database's own message with the line its statement starts on (the first statement
  // runs), and that line marked in the editor until the next edit; Ctrl+Enter runs too.
  await writeQuery(page, editor, 'CREATE TABLE book (id INTEGER);\n-- the misspelt table:\nSELECT id\n  FROM studnt;');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('alert')).toHaveText('Line 3: no such table: studnt');
  await expectMarkedLine(page, 'SELECT id', 3);
  await expectScreenFitsEveryone(page);
  await page.keyboard.type(' ');
  await expect(markedLines(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText('Line 3: no such table: studnt');

  // Files stay out of reach.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type("ATTACH DATABASE 'x.db' AS x;");
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('alert')).toHaveText('ATTACH is not allowed here (line 1).');

  // A runaway query is stopped after 5 s and the page still answers.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n;');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeEnabled();
  await expect(page.getByRole('alert')).toHaveText('Your query ran longer than 5 s and was stopped.', { timeout: 15_000 });

  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(editor).toContainText('SELECT id, title FROM book ORDER BY id;');
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByRole('status')).toHaveText('2 rows');
});

test("a query runs on the course's sandbox, and a DELETE changes nothing for the next run", async ({ page, request }) => {
  const { courseId, tutorialId } = await lab(request, { kind: 'sql', source: MEMBERS_SANDBOX }, 'Count them.\n```sql\nDELETE FROM member WHERE id = 1;\nSELECT count(*) AS members FROM member;\n```');

  await signIn(page, request);
  await page.goto(`/catalog/${courseId}/tutorial/${tutorialId}`);
  const run = page.getByRole('button', { name: 'Run' });
  const members = page.getByRole('region', { name: 'Query result' }).getByRole('cell');
  await run.click();
  await expect(members).toHaveText('2');
  await run.click();
  await expect(page.getByRole('status')).toHaveText('1 row');
  await expect(members).toHaveText('2');
});
