import type { SandboxRun } from '@dblearn/contracts';
import { parseMongoSandbox, type SqlTableSchema } from '@dblearn/lab';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Sandbox } from './get-sandbox.js';
import { loadSqlRunner } from './load-sql-runner.js';
import { DocumentList } from './mongo-result-view.js';
import { documentCountLabel, mongoSchema, type MongoCollectionSchema } from './mongo-result.js';
import { postgresSchema } from './postgres-schema.js';
import { fromRunFailure, useRunOnPostgresMutation } from './run-on-postgres.js';
import { rowCountLabel } from './sql-result.js';
import { RunError } from './run-error.js';
import { ResultTable } from './sql-result-view.js';

// The diagram and its layout library (dagre) load only with a SQL sandbox's schema view.
const SchemaDiagram = lazy(() => import('./schema-diagram.js'));

type Schema = { kind: 'sql'; tables: SqlTableSchema[] } | { kind: 'mongo'; collections: MongoCollectionSchema[] } | { kind: 'error'; message: string };

/**
 * Works the schema out: SQL in the page's SQL worker (sqlite_schema, PRAGMA table_info and
 * foreign_key_list), or on PostgreSQL through the run route when `onPostgres` is given; JSON here.
 */
async function readSchema(sandbox: Sandbox, onPostgres?: (sql: string) => Promise<SandboxRun>): Promise<Schema> {
  if (onPostgres && sandbox.kind === 'sql') {
    try {
      return { kind: 'sql', tables: await postgresSchema(onPostgres) };
    } catch (error) {
      const failure = fromRunFailure(error);
      return { kind: 'error', message: failure.kind === 'notice' || failure.kind === 'error' ? failure.message : 'The practice database could not be read on PostgreSQL.' };
    }
  }
  if (sandbox.kind === 'mongo') {
    const parsed = parseMongoSandbox(sandbox.source);
    return 'error' in parsed ? { kind: 'error', message: parsed.error } : { kind: 'mongo', collections: mongoSchema(parsed.collections) };
  }
  const { sqlRunner } = await loadSqlRunner();
  const answer = await sqlRunner.schema(sandbox.source);
  return answer.kind === 'schema' ? { kind: 'sql', tables: answer.tables } : answer;
}

/** The open schema view: a SQL sandbox's diagram, then one part per table (or collection); `postgresCourseId`: read on PostgreSQL, from that course's sandbox. */
export default function SchemaPanel({ sandbox, headingLevel, postgresCourseId }: { sandbox: Sandbox; headingLevel: 3 | 4; postgresCourseId?: string }) {
  const [schema, setSchema] = useState<Schema | null>(null);
  const [runOnPostgres] = useRunOnPostgresMutation();
  useEffect(() => {
    let current = true;
    const onPostgres = postgresCourseId ? (sql: string) => runOnPostgres({ courseId: postgresCourseId, sql }).unwrap() : undefined;
    void readSchema(sandbox, onPostgres)
      .catch((error: unknown): Schema => ({ kind: 'error', message: `The practice database could not be read: ${error instanceof Error ? error.message : String(error)}` }))
      .then((answer) => {
        if (current) setSchema(answer);
      });
    return () => {
      current = false;
    };
  }, [sandbox, postgresCourseId, runOnPostgres]);
  const Heading = `h${headingLevel}` as const;
  if (!schema) return <p className="dbl-schema__loading">Reading the practice database…</p>;
  if (schema.kind === 'error') return <RunError message={schema.message} />;
  if (schema.kind === 'sql') {
    if (schema.tables.length === 0) return <p>The practice database has no tables yet.</p>;
    return (
      <>
        <Suspense fallback={<p className="dbl-schema__loading">Drawing the diagram…</p>}>
          <SchemaDiagram tables={schema.tables} />
        </Suspense>
        {schema.tables.map((table) => (
          <section key={table.name} className="dbl-schema__table" aria-label={`Table ${table.name}`}>
            <Heading className="dbl-schema__name">
              <code>{table.name}</code> <span className="dbl-schema__count">{rowCountLabel(table.rowCount)}</span>
            </Heading>
            <ul className="dbl-schema__columns" aria-label={`Columns of ${table.name}`}>
              {table.columns.map((column) => (
                <li key={column.name}>
                  <code>{column.name}</code> {column.type || 'any type'}
                  {column.primaryKey ? ', primary key' : ''}
                  {column.notNull && !column.primaryKey ? ', not null' : ''}
                </li>
              ))}
            </ul>
            {table.foreignKeys.length > 0 ? (
              <ul className="dbl-schema__columns" aria-label={`Foreign keys of ${table.name}`}>
                {table.foreignKeys.map((key, index) => (
                  <li key={index}>
                    <code>{key.from.join(', ')}</code> refers to <code>{key.table}</code>
                    {key.to.every((column) => column !== null) ? <> (<code>{key.to.join(', ')}</code>)</> : ' (its primary key)'}
                  </li>
                ))}
              </ul>
            ) : null}
            {table.rows.length > 0 ? (
              <ResultTable
                columns={table.columns.map((column) => column.name)}
                rows={table.rows}
                label={`First ${table.rows.length === 1 ? 'row' : `${table.rows.length} rows`} of ${table.name}`}
              />
            ) : null}
          </section>
        ))}
      </>
    );
  }
  return (
    <>
      {schema.collections.map((collection) => (
        <section key={collection.name} className="dbl-schema__table" aria-label={`Collection ${collection.name}`}>
          <Heading className="dbl-schema__name">
            <code>{collection.name}</code> <span className="dbl-schema__count">{documentCountLabel(collection.count)}</span>
          </Heading>
          <p className="dbl-schema__fields">
            Fields: {collection.fields.length > 0 ? collection.fields.map((field, index) => <span key={field}>{index > 0 ? ', ' : ''}<code>{field}</code></span>) : 'none'}
          </p>
          {collection.samples.length > 0 ? (
            <DocumentList documents={collection.samples} label={`First documents of ${collection.name}`} compact />
          ) : null}
        </section>
      ))}
    </>
  );
}
