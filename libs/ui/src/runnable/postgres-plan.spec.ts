import type { SandboxRun } from '@dblearn/contracts';
import { explainLastStatement, explainOnPostgres, postgresPlanSteps, postgresStepMeaning } from './postgres-plan.js';
import { planTree } from './query-plan.js';

// What PostgreSQL 17 answers to EXPLAIN (FORMAT JSON) for a search through an index (fields trimmed).
const BITMAP_PLAN = JSON.stringify([
  {
    Plan: {
      'Node Type': 'Bitmap Heap Scan',
      'Relation Name': 'enrollment',
      Alias: 'enrollment',
      'Startup Cost': 4.2,
      Plans: [{ 'Node Type': 'Bitmap Index Scan', 'Parent Relationship': 'Outer', 'Index Name': 'enrollment_course', 'Startup Cost': 0 }],
    },
  },
]);
const JOIN_PLAN = JSON.stringify([
  {
    Plan: {
      'Node Type': 'Aggregate',
      Strategy: 'Hashed',
      Plans: [
        {
          'Node Type': 'Hash Join',
          'Join Type': 'Left',
          Plans: [{ 'Node Type': 'Seq Scan', 'Relation Name': 'member' }, { 'Node Type': 'Hash', Plans: [{ 'Node Type': 'Index Only Scan', 'Index Name': 'loan_pkey', 'Relation Name': 'loan' }] }],
        },
      ],
    },
  },
]);

const planAnswer = (json: string): SandboxRun => ({ engine: 'postgres', results: [{ columns: ['QUERY PLAN'], rows: [[json]] }] });

describe('explainLastStatement', () => {
  it('puts EXPLAIN (FORMAT JSON) before the last statement only, keeping every line where it was', () => {
    expect(explainLastStatement('CREATE INDEX i ON t(a);\n-- then:\nSELECT a FROM t WHERE a = 1;\n')).toBe('CREATE INDEX i ON t(a);\n-- then:\nEXPLAIN (FORMAT JSON) SELECT a FROM t WHERE a = 1;\n');
    expect(explainLastStatement("SELECT ';' AS semi")).toBe("EXPLAIN (FORMAT JSON) SELECT ';' AS semi");
    expect(explainLastStatement(' \n-- nothing\n;')).toBeNull();
  });
});

describe('postgresPlanSteps', () => {
  it('turns the JSON node tree into steps in EXPLAIN’s own words, depth first', () => {
    expect(postgresPlanSteps(BITMAP_PLAN)).toEqual([
      { id: 1, parent: 0, detail: 'Bitmap Heap Scan on enrollment' },
      { id: 2, parent: 1, detail: 'Bitmap Index Scan on enrollment_course' },
    ]);
    const tree = planTree(postgresPlanSteps(JOIN_PLAN)!, postgresStepMeaning);
    expect(tree[0]).toMatchObject({ detail: 'HashAggregate', kind: 'temp' });
    expect(tree[0]!.children[0]!.detail).toBe('Hash Left Join');
    expect(tree[0]!.children[0]!.children.map((node) => [node.detail, node.kind])).toEqual([
      ['Seq Scan on member', 'scan'],
      ['Hash', 'temp'],
    ]);
    expect(tree[0]!.children[0]!.children[1]!.children[0]).toMatchObject({ detail: 'Index Only Scan using loan_pkey on loan', kind: 'search' });
  });

  it('answers null for anything that is not a plan', () => {
    for (const value of ['not json', '[]', '{"Plan": 1}', 42, null, '[{"Plan": "x"}]']) expect(postgresPlanSteps(value)).toBeNull();
  });
});

describe('explainOnPostgres', () => {
  it('sends the explained text and shows the plan; a compare-plans block sends each variant on its own', async () => {
    const sent: string[] = [];
    const run = (sql: string) => {
      sent.push(sql);
      return Promise.resolve(planAnswer(sent.length === 1 ? JOIN_PLAN : BITMAP_PLAN));
    };
    expect(await explainOnPostgres(run, 'SELECT 1;', false)).toMatchObject({ kind: 'plan', steps: [{ detail: 'HashAggregate' }, {}, {}, {}, {}] });
    sent.length = 0;
    const block = 'SELECT a FROM t;\n-- after: an index\nCREATE INDEX i ON t(a);\nSELECT a FROM t;';
    const answer = await explainOnPostgres(run, block, true);
    expect(sent).toEqual(['EXPLAIN (FORMAT JSON) SELECT a FROM t;\n', 'CREATE INDEX i ON t(a);\nEXPLAIN (FORMAT JSON) SELECT a FROM t;']);
    expect(answer).toMatchObject({ kind: 'plans', caption: 'an index', after: [{ detail: 'Bitmap Heap Scan on enrollment' }, { parent: 1 }] });
  });

  it("names a failure's line in the whole block, and passes a 503 on as a notice", async () => {
    const refuse = (status: number, message: string) => () => Promise.reject({ status, data: { statusCode: status, message } });
    const block = 'SELECT a FROM t;\n-- after: an index\nCREATE INDEX i ON t(nope);\nSELECT a FROM t;';
    let calls = 0;
    const secondFails = () => (++calls === 1 ? Promise.resolve(planAnswer(BITMAP_PLAN)) : refuse(400, 'Line 1: column "nope" does not exist')());
    expect(await explainOnPostgres(secondFails, block, true)).toEqual({ kind: 'error', message: 'Line 3: column "nope" does not exist', line: 3 });
    expect(await explainOnPostgres(refuse(503, 'The PostgreSQL lab is unavailable; SQLite still works.'), 'SELECT 1;', false)).toEqual({
      kind: 'notice',
      message: 'The PostgreSQL lab is unavailable; SQLite still works.',
      fallback: true,
    });
  });
});
