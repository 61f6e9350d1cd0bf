import { splitComparedPlans } from './compare-plans.js';

describe('splitComparedPlans (```sql compare-plans)', () => {
  it('splits at the one "-- after:" line, keeping its caption and where the second variant starts', () => {
    const code = 'SELECT * FROM t WHERE a = 1;\n-- After: an index on a\nCREATE INDEX t_a ON t(a);\nSELECT * FROM t WHERE a = 1;\n';
    const split = splitComparedPlans(code);
    expect(split).toEqual({ before: 'SELECT * FROM t WHERE a = 1;\n', after: 'CREATE INDEX t_a ON t(a);\nSELECT * FROM t WHERE a = 1;\n', afterOffset: 53, caption: 'an index on a' });
  });

  it('refuses a block without the line, with two of them, or with an empty variant', () => {
    expect(splitComparedPlans('SELECT 1;')).toEqual({ error: expect.stringContaining('exactly one line') });
    expect(splitComparedPlans('SELECT 1;\n-- after:\nSELECT 2;\n-- after:\nSELECT 3;')).toEqual({ error: expect.stringContaining('exactly one line') });
    expect(splitComparedPlans('-- after:\nSELECT 2;')).toEqual({ error: expect.stringContaining('Both variants') });
    // A comment that merely mentions "after:" is not the line.
    expect(splitComparedPlans('SELECT 1; -- after: no\nSELECT 2;')).toEqual({ error: expect.stringContaining('exactly one line') });
  });
});
