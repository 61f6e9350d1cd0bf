import { createHash } from 'node:crypto';
import pg from 'pg';

/**
 * Template schemas (docs/decisions/0042): a prepared sandbox script (PostgresGrader's, already
 * loaded once as the lab role) committed once in a schema named by its hash, owned by
 * dblearn_lab_author, which learners never log in as. Read-only attempts run on it (PostgresLab
 * onTemplate) instead of loading the script per attempt. A visible template is readable by
 * dblearn_lab, a hidden one only by dblearn_lab_hidden (the hidden phase's role), so no lesson run
 * or visible phase can read hidden rows.
 */
export type TemplateReader = 'visible' | 'hidden';

const READER_ROLE: Record<TemplateReader, string> = { visible: 'dblearn_lab', hidden: 'dblearn_lab_hidden' };
const PREFIX: Record<TemplateReader, string> = { visible: 'tpl_v_', hidden: 'tpl_h_' };
/** Templates kept on the server; past this, the oldest this instance is not using are dropped (a sandbox edit leaves its old ones). */
export const TEMPLATES_KEPT = 96;
/** The templates this instance counts as in use: the ones it used last (a sandbox's two, per sandbox). */
const IN_USE_KEPT = 32;
/** A template that could not be made (the server away) is not tried again before this. */
const RETRY_AFTER_MS = 10_000;
/** A drop waits this long at most for an attempt reading the template (a queued drop would hold up every new reader). */
const DROP_LOCK_TIMEOUT = '50ms';
const UNIQUE_VIOLATION = '23505';
const DUPLICATE_SCHEMA = '42P06';

/** The script cannot be a template (it makes a SECURITY DEFINER function, or fails as the author): attempts load it as before. */
export class TemplateRefused extends Error {}
/** The author's connection failed (the server away): attempts load their copy this time, and the template is tried again later. */
export class TemplateUnavailable extends Error {}

export function templateName(script: string, reader: TemplateReader): string {
  return PREFIX[reader] + createHash('sha256').update(script).digest('hex').slice(0, 32);
}

export class PgTemplates {
  private readonly pool: pg.Pool;
  /** The templates this instance used last, by name (most recently used last): never pruned by it. */
  private readonly made = new Map<string, Promise<string>>();
  private readonly names = new Map<TemplateReader, Map<string, string>>();

  constructor(
    authorUrl: string,
    private readonly kept = TEMPLATES_KEPT,
  ) {
    this.pool = new pg.Pool({ connectionString: authorUrl, max: 2, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, application_name: 'dblearn-lab-author' });
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  /** The template of `script` for `reader`, made if no one has: its schema name. Throws TemplateRefused or TemplateUnavailable. */
  templateOf(script: string, reader: TemplateReader): Promise<string> {
    const name = this.nameOf(script, reader);
    const kept = this.made.get(name);
    if (kept) {
      this.made.delete(name);
      this.made.set(name, kept);
      return kept;
    }
    const making = this.make(name, script, reader);
    this.made.set(name, making);
    if (this.made.size > Math.min(IN_USE_KEPT, this.kept)) this.made.delete(this.made.keys().next().value as string);
    // Refused: kept (the script does not change under its hash). The server or the author role
    // away (a compose volume made before 0042 has no such role): copies for a while, then a new try.
    making.catch((error: unknown) => {
      if (!(error instanceof TemplateRefused)) setTimeout(() => this.made.get(name) === making && this.made.delete(name), RETRY_AFTER_MS).unref();
    });
    return making;
  }

  /** templateName, hashed once per script (a sandbox's script is tens of kB, and every attempt asks). */
  private nameOf(script: string, reader: TemplateReader): string {
    const names = this.names.get(reader) ?? new Map<string, string>();
    this.names.set(reader, names);
    let name = names.get(script);
    if (name === undefined) {
      if (names.size >= IN_USE_KEPT) names.clear();
      name = templateName(script, reader);
      names.set(script, name);
    }
    return name;
  }

  /** A template found gone (pruned by another instance): made again on the next templateOf. */
  forget(name: string): void {
    this.made.delete(name);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async make(name: string, script: string, reader: TemplateReader): Promise<string> {
    const client = await this.pool.connect().catch(() => {
      throw new TemplateUnavailable('The template owner cannot connect.');
    });
    try {
      const schema = client.escapeIdentifier(name);
      if ((await client.query('SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1', [name])).rowCount) return name;
      await client.query('BEGIN');
      try {
        // Two makers at once: the second waits on the first's catalogue entry and fails as a duplicate once it commits.
        await client.query(`CREATE SCHEMA ${schema}; SET LOCAL search_path = ${schema}`);
        await client.query(script);
        const definers = await client.query('SELECT 1 FROM pg_catalog.pg_proc WHERE pronamespace = $1::regnamespace AND prosecdef', [name]);
        // A function run with the author's rights would let a learner change every later attempt's data.
        if (definers.rowCount) throw new TemplateRefused('The sandbox defines a SECURITY DEFINER function.');
        const role = client.escapeIdentifier(READER_ROLE[reader]);
        await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}; GRANT SELECT ON ALL TABLES IN SCHEMA ${schema} TO ${role}; GRANT SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        const code = (error as { code?: unknown }).code;
        if (code === UNIQUE_VIOLATION || code === DUPLICATE_SCHEMA) return name;
        if (error instanceof TemplateRefused) throw error;
        if (typeof code === 'string' && !code.startsWith('08') && !code.startsWith('57')) throw new TemplateRefused(String((error as Error).message));
        throw new TemplateUnavailable(String((error as Error).message));
      }
      await this.prune(client).catch(() => undefined);
      return name;
    } finally {
      client.release();
    }
  }

  /** Past `kept`, the oldest templates this instance is not using are dropped (one an attempt is reading is left for next time). */
  private async prune(client: pg.PoolClient): Promise<void> {
    const { rows } = await client.query<{ name: string }>(
      "SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname ~ '^tpl_[vh]_' AND nspowner = current_user::regrole ORDER BY oid",
    );
    let excess = rows.length - this.kept;
    for (const { name } of rows) {
      if (excess <= 0) return;
      if (this.made.has(name)) continue;
      try {
        await client.query(`BEGIN; SET LOCAL lock_timeout = '${DROP_LOCK_TIMEOUT}'; DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE; COMMIT`);
        excess -= 1;
      } catch {
        await client.query('ROLLBACK').catch(() => undefined);
      }
    }
  }
}
