import type { SandboxRun } from '@dblearn/contracts';
import { SCHEMA_SAMPLE_ROWS, type SqlCell, type SqlForeignKey, type SqlTableSchema } from '@dblearn/lab';

// The practice database as PostgreSQL builds it (issue 32), through the run route in two rounds:
// the catalog of the working copy (information_schema, current_schema() is the copy), then each
// table's row count and first rows. No new route: both are ordinary statements on a fresh copy.

/** Columns, primary keys and foreign keys (each foreign key column paired with the column it refers to). */
export const POSTGRES_CATALOG_SQL = [
  `SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
   WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position;`,
  `SELECT k.table_name, k.column_name FROM information_schema.table_constraints t
   JOIN information_schema.key_column_usage k ON k.constraint_schema = t.constraint_schema AND k.constraint_name = t.constraint_name AND k.table_name = t.table_name
   WHERE t.table_schema = current_schema() AND t.constraint_type = 'PRIMARY KEY';`,
  `SELECT k.table_name, k.constraint_name, k.column_name, r.table_name AS referred_table, r.column_name AS referred_column
   FROM information_schema.referential_constraints c
   JOIN information_schema.key_column_usage k ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name
   JOIN information_schema.key_column_usage r ON r.constraint_schema = c.unique_constraint_schema AND r.constraint_name = c.unique_constraint_name AND r.ordinal_position = k.position_in_unique_constraint
   WHERE c.constraint_schema = current_schema() ORDER BY k.table_name, k.constraint_name, k.ordinal_position;`,
].join('\n');

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
const cellText = (cell: SqlCell | undefined) => (typeof cell === 'string' ? cell : String(cell ?? ''));

type Catalog = Omit<SqlTableSchema, 'rowCount' | 'rows'>[];

/** The catalog round's three results as tables with their columns and keys, in name order. */
export function catalogTables({ results }: SandboxRun): Catalog {
  const [columns, primaryKeys, foreignKeys] = results;
  const tables = new Map<string, Catalog[number]>();
  for (const [table, column, type, nullable] of columns?.rows ?? []) {
    const name = cellText(table);
    const entry = tables.get(name) ?? { name, columns: [], foreignKeys: [] };
    entry.columns.push({ name: cellText(column), type: cellText(type), notNull: nullable === 'NO', primaryKey: false });
    tables.set(name, entry);
  }
  for (const [table, column] of primaryKeys?.rows ?? []) {
    const key = tables.get(cellText(table))?.columns.find((entry) => entry.name === cellText(column));
    if (key) key.primaryKey = true;
  }
  const constraints = new Map<string, SqlForeignKey & { owner: string }>();
  for (const [table, constraint, column, referredTable, referredColumn] of foreignKeys?.rows ?? []) {
    const id = `${cellText(table)}\u0000${cellText(constraint)}`;
    const entry = constraints.get(id) ?? { owner: cellText(table), table: cellText(referredTable), from: [], to: [] };
    entry.from.push(cellText(column));
    entry.to.push(cellText(referredColumn));
    constraints.set(id, entry);
  }
  for (const { owner, ...key } of constraints.values()) tables.get(owner)?.foreignKeys.push(key);
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The second round: each table's row count and first rows, in the catalog's order. */
export function sampleSql(tables: Catalog): string {
  return tables.map(({ name }) => `SELECT count(*) FROM ${quoted(name)};\nSELECT * FROM ${quoted(name)} LIMIT ${SCHEMA_SAMPLE_ROWS};`).join('\n');
}

/** The tables with their counts and rows from the second round's answer (two results per table). */
export function withSamples(tables: Catalog, { results }: SandboxRun): SqlTableSchema[] {
  return tables.map((table, index) => ({
    ...table,
    rowCount: Number(results[index * 2]?.rows[0]?.[0] ?? 0),
    rows: results[index * 2 + 1]?.rows ?? [],
  }));
}

/** The practice database's tables on PostgreSQL, both rounds through `run` (a refusal is thrown as the route answered it). */
export async function postgresSchema(run: (sql: string) => Promise<SandboxRun>): Promise<SqlTableSchema[]> {
  const tables = catalogTables(await run(POSTGRES_CATALOG_SQL));
  if (tables.length === 0) return [];
  return withSamples(tables, await run(sampleSql(tables)));
}
