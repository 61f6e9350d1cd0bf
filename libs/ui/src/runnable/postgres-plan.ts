import type { SandboxRun } from '@dblearn/contracts';
import { atLine, blankLiterals, namedLine, type PlanStep, splitComparedPlans } from '@dblearn/lab';
import type { PlanStepKind, SqlPlanResult } from './query-plan.js';
import { fromRunFailure, type PostgresNotice } from './run-on-postgres.js';
import type { SqlRunResult } from './sql-result.js';

// PostgreSQL's plans through the run route (issue 32): the block's last statement is sent as
// EXPLAIN (FORMAT JSON) …, and the JSON's node tree becomes the plan view's steps.

/**
 * The text with its last statement explained: the same lines, so a failure's `Line N` is the
 * learner's. Null when there is no statement. Comments and literals never hide a `;`.
 */
export function explainLastStatement(text: string): string | null {
  const blanked = blankLiterals(text);
  const body = blanked.replace(/[\s;]*$/, '');
  if (body.trim() === '') return null;
  const afterLastSemicolon = body.lastIndexOf(';') + 1;
  const rest = blanked.slice(afterLastSemicolon);
  const start = afterLastSemicolon + (rest.length - rest.trimStart().length);
  return `${text.slice(0, start)}EXPLAIN (FORMAT JSON) ${text.slice(start)}`;
}

/** The fields of a node of EXPLAIN (FORMAT JSON) the tree shows. */
interface PostgresPlanNode {
  'Node Type'?: unknown;
  'Relation Name'?: unknown;
  'Index Name'?: unknown;
  'Join Type'?: unknown;
  Strategy?: unknown;
  Plans?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** A node in EXPLAIN's own words: "Index Scan using member_pkey on member", "Hash Left Join", "HashAggregate". */
function nodeDetail(node: PostgresPlanNode): string {
  let type = text(node['Node Type']) ?? 'Step';
  const strategy = text(node.Strategy);
  if (type === 'Aggregate' && strategy === 'Hashed') type = 'HashAggregate';
  if (type === 'Aggregate' && strategy === 'Sorted') type = 'GroupAggregate';
  const join = text(node['Join Type']);
  if (join && join !== 'Inner' && /Join|Nested Loop/.test(type)) type = type === 'Nested Loop' ? `Nested Loop ${join} Join` : type.replace(/ Join$/, ` ${join} Join`);
  const relation = text(node['Relation Name']);
  const index = text(node['Index Name']);
  if (index && relation) return `${type} using ${index} on ${relation}`;
  if (index) return `${type} on ${index}`;
  return relation ? `${type} on ${relation}` : type;
}

/** EXPLAIN (FORMAT JSON)'s one value as steps (ids in depth-first order, 0 the top's parent), or null when it is not a plan. */
export function postgresPlanSteps(json: unknown): PlanStep[] | null {
  if (typeof json !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  const root = Array.isArray(parsed) ? (parsed[0] as { Plan?: unknown } | undefined)?.Plan : undefined;
  if (!root || typeof root !== 'object') return null;
  const steps: PlanStep[] = [];
  const visit = (node: PostgresPlanNode, parent: number) => {
    const id = steps.length + 1;
    steps.push({ id, parent, detail: nodeDetail(node) });
    if (Array.isArray(node.Plans)) for (const child of node.Plans) if (child && typeof child === 'object') visit(child as PostgresPlanNode, id);
  };
  visit(root as PostgresPlanNode, 0);
  return steps;
}

/** The sentence for one node of PostgreSQL's plan, by its type. */
export function postgresStepMeaning(detail: string): { kind: PlanStepKind; meaning: string } {
  let match: RegExpMatchArray | null;
  if ((match = /^Seq Scan on (\S+)/.exec(detail))) return { kind: 'scan', meaning: `Reads every row of ${match[1]}, one after another: the cost grows with the size of the table.` };
  if ((match = /^Index Only Scan using (\S+) on (\S+)/.exec(detail))) {
    return { kind: 'search', meaning: `Finds the matching entries through index ${match[1]} alone: the index holds every column needed, so table ${match[2]} is read only to check visibility.` };
  }
  if ((match = /^Index Scan(?: Backward)? using (\S+) on (\S+)/.exec(detail))) return { kind: 'search', meaning: `Finds the matching rows of ${match[2]} through index ${match[1]}, without reading the other rows.` };
  if ((match = /^Bitmap Index Scan on (\S+)/.exec(detail))) return { kind: 'search', meaning: `Marks where the matching rows are, through index ${match[1]}, for the step above to read.` };
  if ((match = /^Bitmap Heap Scan on (\S+)/.exec(detail))) return { kind: 'search', meaning: `Reads only the pages of ${match[1]} the index step below marked, in the order they are stored.` };
  if (/^Sort/.test(detail)) return { kind: 'temp', meaning: 'Sorts the rows (ORDER BY, or for a merge or grouping above): no index gives them in this order.' };
  if (/^Hash$/.test(detail)) return { kind: 'temp', meaning: 'Builds a hash table of these rows, for the join above to look rows up in.' };
  if (/^Hash(?: \w+)? Join/.test(detail)) return { kind: 'other', meaning: 'Joins by looking each row of one side up in a hash table built from the other.' };
  if (/^Merge(?: \w+)? Join/.test(detail)) return { kind: 'other', meaning: 'Joins two inputs sorted on the join key by walking them side by side.' };
  if (/^Nested Loop/.test(detail)) return { kind: 'other', meaning: 'Joins by running the inner step once for every row of the outer one.' };
  if (/^HashAggregate/.test(detail)) return { kind: 'temp', meaning: 'Groups the rows in a hash table (GROUP BY or DISTINCT), one entry per group.' };
  if (/^(GroupAggregate|Aggregate)/.test(detail)) return { kind: 'other', meaning: 'Computes the aggregates (count, sum, …) over the rows below, group by group when they come grouped.' };
  if (/^Materialize/.test(detail)) return { kind: 'temp', meaning: 'Keeps the rows below in memory, so they are read again without being computed again.' };
  if (/^Limit/.test(detail)) return { kind: 'other', meaning: 'Stops once it has the rows LIMIT asks for.' };
  if (/^Result/.test(detail)) return { kind: 'other', meaning: 'Computes values without reading a table (a SELECT without FROM), or filters on a constant condition.' };
  return { kind: 'other', meaning: 'A step of PostgreSQL\'s plan without a sentence here yet: PostgreSQL\'s own words are above.' };
}

/** One variant's plan through the run route, or why not; a failure's line is counted in the whole block (`from`: where the variant starts). */
async function planOf(run: (sql: string) => Promise<SandboxRun>, whole: string, part: string, from: number): Promise<PlanStep[] | SqlRunResult | PostgresNotice> {
  const explained = explainLastStatement(part);
  if (explained === null) return { kind: 'error', message: 'There is no statement to explain.' };
  try {
    const { results } = await run(explained);
    return postgresPlanSteps(results.at(-1)?.rows[0]?.[0]) ?? { kind: 'error', message: 'PostgreSQL gave no plan for the last statement.' };
  } catch (error) {
    const failure = fromRunFailure(error);
    const line = failure.kind === 'error' ? namedLine(failure.message) : null;
    if (failure.kind !== 'error' || line === null || from === 0) return failure;
    const shifted = line + whole.slice(0, from).split('\n').length - 1;
    return { kind: 'error', message: atLine(shifted, failure.message.replace(/^Line \d+: /, '')), line: shifted };
  }
}

/**
 * Explain on PostgreSQL: the plan of the block's last statement after the others ran, or a ```sql
 * compare-plans block's two plans, each variant on its own fresh copy (as on SQLite).
 */
export async function explainOnPostgres(run: (sql: string) => Promise<SandboxRun>, text: string, comparing: boolean): Promise<SqlPlanResult | SqlRunResult | PostgresNotice> {
  const variants = comparing ? splitComparedPlans(text) : null;
  if (!variants) {
    const steps = await planOf(run, text, text, 0);
    return Array.isArray(steps) ? { kind: 'plan', steps } : steps;
  }
  if ('error' in variants) return { kind: 'error', message: variants.error };
  const before = await planOf(run, text, variants.before, 0);
  if (!Array.isArray(before)) return before;
  const after = await planOf(run, text, variants.after, variants.afterOffset);
  if (!Array.isArray(after)) return after;
  return { kind: 'plans', before, after, caption: variants.caption };
}
