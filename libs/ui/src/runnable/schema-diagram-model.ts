import type { SqlTableSchema } from '@dblearn/lab';

/** A column as a diagram's box lists it: its type, and whether it is (part of) the primary key or a foreign key. */
export interface DiagramColumn {
  name: string;
  type: string;
  primaryKey: boolean;
  foreignKey: boolean;
}

export interface DiagramTable {
  name: string;
  columns: DiagramColumn[];
  rowCount: number;
}

/** A foreign key as an arrow: from the referring table's columns to the referred table's. */
export interface DiagramEdge {
  from: string;
  fromColumns: string[];
  to: string;
  toColumns: string[];
}

export interface SchemaDiagram {
  tables: DiagramTable[];
  edges: DiagramEdge[];
}

/**
 * The diagram's facts, from what the worker read in the sandbox's catalog: every table with its
 * columns (primary and foreign keys marked) and an arrow per foreign key. A key naming only its
 * table refers to that table's primary key (SQLite's rule), so its columns are filled in here; a key
 * to a table the sandbox lacks keeps its column marked but draws no arrow to nowhere.
 */
export function schemaDiagram(tables: SqlTableSchema[]): SchemaDiagram {
  const byName = new Map(tables.map((table) => [table.name.toLowerCase(), table]));
  const edges: DiagramEdge[] = [];
  for (const table of tables) {
    for (const key of table.foreignKeys) {
      const target = byName.get(key.table.toLowerCase());
      if (!target) continue;
      const primary = target.columns.filter((column) => column.primaryKey).map((column) => column.name);
      edges.push({ from: table.name, fromColumns: key.from, to: target.name, toColumns: key.to.map((column, index) => column ?? primary[index] ?? 'rowid') });
    }
  }
  return {
    tables: tables.map((table) => {
      const referring = new Set(table.foreignKeys.flatMap((key) => key.from.map((column) => column.toLowerCase())));
      return {
        name: table.name,
        rowCount: table.rowCount,
        columns: table.columns.map((column) => ({ name: column.name, type: column.type, primaryKey: column.primaryKey, foreignKey: referring.has(column.name.toLowerCase()) })),
      };
    }),
    edges,
  };
}

/** How a foreign key reads in words: "student_id → student(id)". */
export function edgeLabel(edge: DiagramEdge): string {
  return `${edge.fromColumns.join(', ')} → ${edge.to}(${edge.toColumns.join(', ')})`;
}
