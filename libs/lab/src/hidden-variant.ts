/**
 * The hidden variant of a sandbox when its admin wrote none (CONTRACT "Runnable SQL", "Hidden data"):
 * the same tables (or collections) with other rows and other values, derived deterministically from
 * the visible data, so a query that hard-codes the visible result fails while a real query passes.
 *
 * SQL, per table, in a database with foreign keys on:
 * 1. about one row in five (rowid % 5 = 2) is deleted unless a foreign key points at it;
 * 2. each column that is no key (not in the primary key, a UNIQUE index, a foreign key, nor the
 *    target of one) gets its values rotated among the rows, column j by j + 1 places, so values stay
 *    ones the column holds (one-column CHECKs keep holding) while rows get other combinations;
 *    integer and real values are also raised by rowid % 3, so sums and counts over ranges change;
 *    a column UNIQUE on its own (an e-mail) is rotated too, unchanged otherwise (still unique);
 * 3. one row of each nullable non-key column gets NULL;
 * 4. a table whose key is an INTEGER PRIMARY KEY gets a copy of its middle row under a new key (a
 *    tie), its UNIQUE text columns prefixed with "h" so they stay unique.
 * 5. every rowid table is stored in a shuffled order (a deterministic hash of its rows' keys), so a
 *    query without ORDER BY gets no free sort: the rowids are a permutation of the rows. A table whose
 *    key is an INTEGER PRIMARY KEY (the rowid itself) is rebuilt with that key declared `INTEGER
 *    PRIMARY KEY DESC`, which SQLite does not take for the rowid (same column, same type, still the
 *    primary key), its rowids a permutation of its ids; a trigger gives a row inserted without a key
 *    its rowid as key, as the rowid did (so last_insert_rowid() still names it). AUTOINCREMENT
 *    tables keep their rowid key.
 * Every change a constraint refuses is skipped (UPDATE OR IGNORE, INSERT OR IGNORE), so the variant
 * always builds.
 */
import type { MongoCollections } from './mongo-lab.js';
import type { Database, SqlValue } from 'sql.js';

interface ForeignKey {
  child: string;
  from: string[];
  to: string[];
}

interface TableShape {
  name: string;
  columns: { name: string; type: string; notNull: boolean; pk: number }[];
  unique: Set<string>;
  keyColumns: Set<string>;
  /** Primary-key columns, foreign-key columns and the columns foreign keys point at: never changed. */
  referencedOrPrimary: Set<string>;
  rowid: boolean;
  integerKey: string | null;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

function rows(db: Database, sql: string, params: SqlValue[] = []): SqlValue[][] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const out: SqlValue[][] = [];
    while (statement.step()) out.push(statement.get());
    return out;
  } finally {
    statement.free();
  }
}

function run(db: Database, sql: string, params: SqlValue[] = []): void {
  try {
    db.run(sql, params);
  } catch {
    // A change a constraint refuses (a foreign key, a CHECK across columns) is simply not made.
  }
}

/** Derives the hidden variant in place on `db` (a fresh copy of the visible data). */
export function deriveHiddenSql(db: Database): void {
  db.exec('PRAGMA foreign_keys = ON');
  const tables = rows(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map(([name]) => String(name));
  const foreignKeys = new Map<string, ForeignKey[]>();
  // Every table's foreign keys first: a parent's shape needs the keys that point at it.
  for (const name of tables) shapeOf(db, name, foreignKeys);
  const shapes = tables.map((name) => shapeOf(db, name, new Map()));
  for (const shape of shapes) for (const key of foreignKeys.get(shape.name) ?? []) for (const column of key.to) [shape.keyColumns, shape.referencedOrPrimary].forEach((set) => set.add(column));
  db.exec('BEGIN');
  for (const shape of shapes) {
    if (!shape.rowid) continue;
    deleteSome(db, shape, foreignKeys.get(shape.name) ?? []);
    changeValues(db, shape);
    copyMiddleRow(db, shape);
  }
  db.exec('COMMIT');
  // Foreign keys off while tables are rebuilt (PRAGMA foreign_keys is a no-op inside a transaction).
  db.exec('PRAGMA foreign_keys = OFF; PRAGMA legacy_alter_table = ON; BEGIN');
  try {
    for (const shape of shapes) if (shape.rowid) shuffleStorage(db, shape);
    db.exec('COMMIT');
  } catch {
    db.exec('ROLLBACK');
  } finally {
    db.exec('PRAGMA legacy_alter_table = OFF; PRAGMA foreign_keys = ON');
  }
}

/** A deterministic stand-in for a random order: rows sorted by a hash of their position. */
const scrambled = (i: number) => (Math.imul(i + 1, 2654435761) >>> 0) ^ ((i * 40503) & 0xffff);

/** The table stored in a shuffled order (step 5 above). */
function shuffleStorage(db: Database, shape: TableShape): void {
  const table = quote(shape.name);
  const rowids = rows(db, `SELECT rowid FROM ${table} ORDER BY rowid`).map(([rowid]) => Number(rowid));
  if (rowids.length < 2) return;
  const order = rowids.map((_, i) => i).sort((a, b) => scrambled(a) - scrambled(b));
  const [createSql] = rows(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", [shape.name])[0] ?? [];
  const keyDefinition = shape.integerKey ? new RegExp(`(${keyNamePattern(shape.integerKey)}\\s+INTEGER\\s+PRIMARY\\s+KEY)(\\s+ASC)?(?!\\s+(DESC|ASC))`, 'i') : null;
  if (!shape.integerKey || !keyDefinition || typeof createSql !== 'string' || /AUTOINCREMENT/i.test(createSql) || !keyDefinition.test(createSql)) {
    // No rowid key: the rowids themselves move (row order(i) gets the i-th smallest rowid).
    db.exec(`UPDATE ${table} SET rowid = -rowid`);
    const update = db.prepare(`UPDATE ${table} SET rowid = ? WHERE rowid = ?`);
    try {
      order.forEach((from, i) => update.run([rowids[i] as number, -(rowids[from] as number)]));
    } finally {
      update.free();
    }
    return;
  }
  const ids = rowids;
  const companions = rows(db, "SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL", [shape.name]).map(([sql]) => String(sql));
  const old = quote(`${shape.name}_grader_old`);
  const columns = shape.columns.map((column) => quote(column.name)).join(', ');
  db.exec(`ALTER TABLE ${table} RENAME TO ${old}`);
  db.exec(createSql.replace(keyDefinition, '$1 DESC'));
  const insert = db.prepare(`INSERT INTO ${table} (rowid, ${columns}) SELECT ?, ${columns} FROM ${old} WHERE ${quote(shape.integerKey)} = ?`);
  try {
    // Row order(i) is stored i-th: its rowid is the i-th smallest id, its key its own.
    order.forEach((from, i) => insert.run([ids[i] as number, ids[from] as number]));
  } finally {
    insert.free();
  }
  db.exec(`DROP TABLE ${old}`);
  for (const sql of companions) db.exec(sql);
  const key = quote(shape.integerKey);
  db.exec(
    `CREATE TRIGGER ${quote(`${shape.name}_key_from_rowid`)} AFTER INSERT ON ${table} WHEN NEW.${key} IS NULL BEGIN UPDATE ${table} SET ${key} = NEW.rowid WHERE rowid = NEW.rowid; END`,
  );
}

/** A column name as it may be written in CREATE TABLE: bare, "quoted", `quoted` or [quoted]. */
function keyNamePattern(name: string): string {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `(?:"${escaped}"|\`${escaped}\`|\\[${escaped}\\]|\\b${escaped}\\b)`;
}

function shapeOf(db: Database, name: string, foreignKeys: Map<string, ForeignKey[]>): TableShape {
  const columns = rows(db, `SELECT name, type, "notnull", pk FROM pragma_table_info(?)`, [name]).map(([column, type, notNull, pk]) => ({
    name: String(column),
    type: String(type).toUpperCase(),
    notNull: notNull === 1,
    pk: Number(pk),
  }));
  const keyColumns = new Set(columns.filter((column) => column.pk > 0).map((column) => column.name));
  const referencedOrPrimary = new Set(keyColumns);
  const unique = new Set<string>();
  for (const [index, isUnique] of rows(db, 'SELECT name, "unique" FROM pragma_index_list(?)', [name])) {
    if (isUnique !== 1) continue;
    const indexed = rows(db, 'SELECT name FROM pragma_index_info(?)', [String(index)]).map(([column]) => String(column));
    for (const column of indexed) keyColumns.add(column);
    if (indexed.length === 1) unique.add(indexed[0] as string);
  }
  const outgoing = new Map<number, ForeignKey & { parent: string }>();
  for (const [id, , parent, from, to] of rows(db, 'SELECT id, seq, "table", "from", "to" FROM pragma_foreign_key_list(?) ORDER BY id, seq', [name])) {
    const key = outgoing.get(Number(id)) ?? { child: name, parent: String(parent), from: [], to: [] };
    key.from.push(String(from));
    if (to !== null) key.to.push(String(to));
    outgoing.set(Number(id), key);
    keyColumns.add(String(from));
    referencedOrPrimary.add(String(from));
  }
  for (const { parent, ...key } of outgoing.values()) foreignKeys.set(parent, [...(foreignKeys.get(parent) ?? []), key]);
  const pkColumns = columns.filter((column) => column.pk > 0);
  const integerKey = pkColumns.length === 1 && pkColumns[0]?.type === 'INTEGER' ? pkColumns[0].name : null;
  let rowid = true;
  try {
    rows(db, `SELECT rowid FROM ${quote(name)} LIMIT 1`);
  } catch {
    rowid = false;
  }
  return { name, columns, unique, keyColumns, referencedOrPrimary, rowid, integerKey };
}

/** About one row in five, unless a foreign key points at it (its children name it). */
function deleteSome(db: Database, shape: TableShape, incoming: ForeignKey[]): void {
  const pkColumns = shape.columns.filter((column) => column.pk > 0).map((column) => column.name);
  const referenced = incoming.map(({ child, from, to }) => {
    const parentColumns = to.length === from.length ? to : pkColumns.length === from.length ? pkColumns : from;
    const match = from.map((column, i) => `c.${quote(column)} = t.${quote(parentColumns[i] as string)}`).join(' AND ');
    return `NOT EXISTS (SELECT 1 FROM ${quote(child)} c WHERE ${match})`;
  });
  const where = ['t.rowid % 5 = 2', ...referenced].join(' AND ');
  run(db, `DELETE FROM ${quote(shape.name)} WHERE rowid IN (SELECT t.rowid FROM ${quote(shape.name)} t WHERE ${where})`);
}

/**
 * Rotates every non-key column (column j by j + 1 places), raises numbers a little, and puts one NULL
 * in each nullable one. A single-column UNIQUE column is rotated too (a permutation keeps it unique),
 * through distinct stand-in values first so no row collides on the way.
 */
function changeValues(db: Database, shape: TableShape): void {
  const free = shape.columns.filter((column) => !shape.keyColumns.has(column.name) || (shape.unique.has(column.name) && !shape.referencedOrPrimary.has(column.name)));
  const table = quote(shape.name);
  free.forEach((column, j) => {
    const name = quote(column.name);
    const values = rows(db, `SELECT rowid, ${name} FROM ${table} ORDER BY rowid`);
    const n = values.length;
    if (n === 0) return;
    const unique = shape.unique.has(column.name);
    if (unique) run(db, `UPDATE OR IGNORE ${table} SET ${name} = CAST(${name} AS TEXT) || char(1) || rowid`);
    const update = db.prepare(`UPDATE OR IGNORE ${table} SET ${name} = ? WHERE rowid = ?`);
    try {
      values.forEach(([rowid], i) => {
        let value = (values[(i + j + 1) % n] as SqlValue[])[1] ?? null;
        if (typeof value === 'number' && !unique) value += Number(rowid) % 3;
        try {
          update.run([value, rowid as number]);
        } catch {
          // Refused by a constraint across columns: this row keeps its value.
        }
      });
    } finally {
      update.free();
    }
    // A stand-in left by a refused update goes back to the row's own value.
    if (unique) values.forEach(([rowid, value]) => run(db, `UPDATE OR IGNORE ${table} SET ${name} = ? WHERE rowid = ? AND ${name} = CAST(? AS TEXT) || char(1) || rowid`, [value ?? null, rowid as number, value ?? null]));
    if (!column.notNull) run(db, `UPDATE OR IGNORE ${table} SET ${name} = NULL WHERE rowid = ?`, [values[(j * 7 + 3) % n]?.[0] as number]);
  });
}

/** A copy of the middle row under a new INTEGER PRIMARY KEY: two rows that tie on every other column. */
function copyMiddleRow(db: Database, shape: TableShape): void {
  if (!shape.integerKey) return;
  const others = shape.columns.filter((column) => column.name !== shape.integerKey);
  if (others.length === 0) return;
  const table = quote(shape.name);
  const picked = others.map((column) => (shape.unique.has(column.name) && column.type.includes('TEXT') ? `'h' || ${quote(column.name)}` : quote(column.name)));
  run(
    db,
    `INSERT OR IGNORE INTO ${table} (${others.map((column) => quote(column.name)).join(', ')}) SELECT ${picked.join(', ')} FROM ${table} ORDER BY rowid LIMIT 1 OFFSET (SELECT COUNT(*) / 2 FROM ${table})`,
  );
}

/** Fields that name a document or another one: `_id`, `…Id`, `…_id`. */
const isKeyField = (field: string) => field === '_id' || /(Id|_id)$/.test(field);

/**
 * The hidden variant of a JSON sandbox: per collection, every fifth document (from the third) is
 * dropped, each top-level field that is no key gets its values rotated (field j by j + 1 places),
 * numbers raised by i % 3, and one document gets that field as null; the documents are then stored
 * in a shuffled order.
 */
export function deriveHiddenCollections(collections: MongoCollections): MongoCollections {
  const hidden: MongoCollections = {};
  for (const [name, documents] of Object.entries(collections)) {
    const kept = documents.filter((_, i) => i % 5 !== 2).map((document) => ({ ...document }));
    const fields = [...new Set(kept.flatMap((document) => Object.keys(document)))].filter((field) => !isKeyField(field));
    const n = kept.length;
    fields.forEach((field, j) => {
      const values = kept.map((document) => document[field]);
      kept.forEach((document, i) => {
        let value = values[(i + j + 1) % n];
        if (typeof value === 'number') value += i % 3;
        if (value === undefined) delete document[field];
        else document[field] = value;
      });
      const emptied = kept[(j * 7 + 3) % n];
      if (emptied && field in emptied) emptied[field] = null;
    });
    // Stored out of _id order, as the SQL variant is: a find without sort gets no free sort.
    hidden[name] = kept.map((document, i) => ({ document, at: scrambled(i) })).sort((a, b) => a.at - b.at).map(({ document }) => document);
  }
  return hidden;
}
