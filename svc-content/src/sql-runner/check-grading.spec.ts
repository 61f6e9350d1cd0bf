import { afterAll, describe, expect, it } from '@jest/globals';
import { HIDDEN_DATA_PREFIX } from '@dblearn/contracts';
import { SqlRunner } from './sql-runner.js';

/** Every fail on the hidden data starts so, then names the kind of difference. */
const hiddenDataMessage = new RegExp(`^${HIDDEN_DATA_PREFIX}`);

// Grading on the hidden data through the real worker pool (its worker script is the built one in dist/).

const runner = new SqlRunner({ sqlWorkers: 1 });
afterAll(() => runner.onModuleDestroy());

const VISIBLE = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');";
const HIDDEN = "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t VALUES (1, 'Ann'), (2, 'Ann'), (3, 'Dee');";
const job = (answer: string) =>
  ({ op: 'attempt', sandboxKey: 'ties', source: { visible: VISIBLE, hidden: HIDDEN }, check: { kind: 'query', referenceSql: 'SELECT id, name FROM t ORDER BY name' }, answer }) as const;

describe('the hidden data', () => {
  it('judges order on the visible data only: a correct query may order the hidden data’s ties either way', async () => {
    expect(await runner.run(job('SELECT id, name FROM t ORDER BY name, id DESC'))).toMatchObject({ passed: true });
    expect(await runner.run(job('SELECT id, name FROM t ORDER BY name DESC'))).toMatchObject({ passed: false, message: expect.stringContaining('not in the expected order') });
    expect(await runner.run(job("SELECT * FROM (VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid'))"))).toMatchObject({ passed: false, message: expect.stringMatching(hiddenDataMessage) });
  });
});
