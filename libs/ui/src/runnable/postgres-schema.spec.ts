import type { SandboxRun } from '@dblearn/contracts';
import { catalogTables, postgresSchema, sampleSql } from './postgres-schema.js';

// The catalog round's three results as PostgreSQL 17 answers them for two tables and one foreign key.
const CATALOG: SandboxRun = {
  engine: 'postgres',
  results: [
    {
      columns: ['table_name', 'column_name', 'data_type', 'is_nullable'],
      rows: [
        ['loan', 'member_id', 'integer', 'NO'],
        ['loan', 'title', 'text', 'YES'],
        ['member', 'id', 'integer', 'NO'],
        ['member', 'name', 'character varying', 'NO'],
      ],
    },
    { columns: ['table_name', 'column_name'], rows: [['member', 'id']] },
    { columns: ['table_name', 'constraint_name', 'column_name', 'referred_table', 'referred_column'], rows: [['loan', 'loan_member_id_fkey', 'member_id', 'member', 'id']] },
  ],
};

describe('the practice database read on PostgreSQL', () => {
  it('builds the tables with their columns, keys and foreign keys from information_schema', () => {
    expect(catalogTables(CATALOG)).toEqual([
      {
        name: 'loan',
        columns: [
          { name: 'member_id', type: 'integer', notNull: true, primaryKey: false },
          { name: 'title', type: 'text', notNull: false, primaryKey: false },
        ],
        foreignKeys: [{ table: 'member', from: ['member_id'], to: ['id'] }],
      },
      {
        name: 'member',
        columns: [
          { name: 'id', type: 'integer', notNull: true, primaryKey: true },
          { name: 'name', type: 'character varying', notNull: true, primaryKey: false },
        ],
        foreignKeys: [],
      },
    ]);
  });

  it('reads each table’s count and first rows in a second run, its name quoted', async () => {
    expect(sampleSql([{ name: 'odd "name"', columns: [], foreignKeys: [] }])).toBe('SELECT count(*) FROM "odd ""name""";\nSELECT * FROM "odd ""name""" LIMIT 3;');
    const sent: string[] = [];
    const run = (sql: string): Promise<SandboxRun> => {
      sent.push(sql);
      if (sent.length === 1) return Promise.resolve(CATALOG);
      return Promise.resolve({
        engine: 'postgres',
        results: [
          { columns: ['count'], rows: [[0]] },
          { columns: ['member_id', 'title'], rows: [] },
          { columns: ['count'], rows: [[2]] },
          { columns: ['id', 'name'], rows: [[1, 'Ada'], [2, 'Grace']] },
        ],
      });
    };
    const tables = await postgresSchema(run);
    expect(sent[1]).toBe('SELECT count(*) FROM "loan";\nSELECT * FROM "loan" LIMIT 3;\nSELECT count(*) FROM "member";\nSELECT * FROM "member" LIMIT 3;');
    expect(tables.map(({ name, rowCount, rows }) => ({ name, rowCount, rows }))).toEqual([
      { name: 'loan', rowCount: 0, rows: [] },
      { name: 'member', rowCount: 2, rows: [[1, 'Ada'], [2, 'Grace']] },
    ]);
  });

  it('asks once for an empty database', async () => {
    let calls = 0;
    const empty = (): Promise<SandboxRun> => {
      calls += 1;
      return Promise.resolve({ engine: 'postgres', results: [{ columns: [], rows: [] }, { columns: [], rows: [] }, { columns: [], rows: [] }] });
    };
    expect(await postgresSchema(empty)).toEqual([]);
    expect(calls).toBe(1);
  });
});
