import type { PlanStep } from '@dblearn/lab';

/** How a step reads: reading every row, finding rows through an index, building a temporary structure, or the rest. */
export type PlanStepKind = 'scan' | 'search' | 'temp' | 'other';

/** A step of the plan in its tree, with the sentence that says what it means. */
export interface PlanNode {
  detail: string;
  kind: PlanStepKind;
  meaning: string;
  children: PlanNode[];
}

/** What Explain answers: the plan of the last statement, or of both variants of a ```sql compare-plans block. */
export type SqlPlanResult = { kind: 'plan'; steps: PlanStep[] } | { kind: 'plans'; before: PlanStep[]; after: PlanStep[]; caption: string };

/**
 * The plan's rows as a tree: each step under the step its `parent` names, in SQLite's order. A
 * step whose parent is not in the plan (SQLite never writes one) is kept at the top, not lost.
 * `meaningOf`: the sentences of another engine's steps (PostgreSQL's: postgres-plan.ts).
 */
export function planTree(steps: PlanStep[], meaningOf: (detail: string) => { kind: PlanStepKind; meaning: string } = planStepMeaning): PlanNode[] {
  const nodes = new Map<number, PlanNode>();
  for (const step of steps) nodes.set(step.id, { detail: step.detail, ...meaningOf(step.detail), children: [] });
  const roots: PlanNode[] = [];
  for (const step of steps) {
    const node = nodes.get(step.id);
    if (!node) continue;
    const parent = step.parent === step.id ? undefined : nodes.get(step.parent);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** "index i" with the columns it is searched on, as SQLite writes them after the name: "(a=? AND b>?)". */
function through(index: string, on: string | undefined): string {
  return on ? `${index} (matching ${on})` : index;
}

/** The sentence for one step of SQLite's plan (its wording of 3.4x), by the words the step starts with. */
export function planStepMeaning(detail: string): { kind: PlanStepKind; meaning: string } {
  const text = detail.trim();
  let match: RegExpMatchArray | null;
  if ((match = /^SCAN (\S+)(?: AS (\S+))? USING COVERING INDEX (\S+)/.exec(text))) {
    return { kind: 'scan', meaning: `Reads every entry of index ${match[3]} instead of table ${match[1]}: the index holds every column the query needs, so the table itself is not read.` };
  }
  if ((match = /^SCAN (\S+)(?: AS (\S+))? USING INDEX (\S+)/.exec(text))) {
    return { kind: 'scan', meaning: `Reads every row of ${match[1]}, in the order of index ${match[3]} (so no sort is needed afterwards).` };
  }
  if (/^SCAN CONSTANT ROW/.test(text)) return { kind: 'other', meaning: 'Makes the one row of a SELECT without FROM: no table is read.' };
  if ((match = /^SCAN (\S+)(?: VIRTUAL TABLE)?/.exec(text))) {
    return { kind: 'scan', meaning: `Reads every row of ${match[1]}, one after another: the cost grows with the size of the table.` };
  }
  if ((match = /^SEARCH (\S+)(?: AS \S+)? USING (?:INTEGER )?PRIMARY KEY(?: \((.*)\))?/.exec(text))) {
    return { kind: 'search', meaning: `Finds the rows of ${match[1]} by their row id (the integer primary key), going straight to them through the table's own B-tree.` };
  }
  if ((match = /^SEARCH (\S+)(?: AS \S+)? USING AUTOMATIC (?:COVERING |PARTIAL )*INDEX(?: \((.*)\))?/.exec(text))) {
    return { kind: 'temp', meaning: `Builds a temporary index on ${match[1]} for this query alone${match[2] ? ` (on ${match[2]})` : ''}, because no index fits: a permanent index would save building it every time.` };
  }
  if ((match = /^SEARCH (\S+)(?: AS \S+)? USING COVERING INDEX (\S+)(?: \((.*)\))?/.exec(text))) {
    return { kind: 'search', meaning: `Finds the matching entries through index ${through(match[2] ?? '', match[3])} alone: the index holds every column needed, so table ${match[1]} is not read.` };
  }
  if ((match = /^SEARCH (\S+)(?: AS \S+)? USING INDEX (\S+)(?: \((.*)\))?/.exec(text))) {
    return { kind: 'search', meaning: `Finds the matching rows of ${match[1]} through index ${through(match[2] ?? '', match[3])}, without reading the other rows.` };
  }
  if ((match = /^SEARCH (\S+)/.exec(text))) return { kind: 'search', meaning: `Finds the matching rows of ${match[1]} without reading all of it.` };
  if ((match = /^USE TEMP B-TREE FOR (?:(RIGHT PART OF|LAST TERM OF|LAST \d+ TERMS OF) )?(ORDER BY|GROUP BY|DISTINCT|UNION|EXCEPT|INTERSECT)/.exec(text))) {
    const partly = match[1] ? ' (only the terms no index already orders)' : '';
    const why: Record<string, string> = {
      'ORDER BY': `Sorts the rows for ORDER BY${partly} in a temporary B-tree: no index gives them in this order.`,
      'GROUP BY': 'Sorts the rows into their groups in a temporary B-tree: no index gives them grouped.',
      DISTINCT: 'Keeps the rows seen so far in a temporary B-tree, to drop duplicates.',
      UNION: 'Keeps the rows of both sides in a temporary B-tree, to drop duplicates (UNION without ALL).',
      EXCEPT: 'Keeps the rows in a temporary B-tree to take away those of the right side (EXCEPT).',
      INTERSECT: 'Keeps the rows in a temporary B-tree to keep only those both sides have (INTERSECT).',
    };
    return { kind: 'temp', meaning: why[match[2] ?? ''] ?? '' };
  }
  if (/^CORRELATED SCALAR SUBQUERY/.test(text)) return { kind: 'other', meaning: 'A subquery that uses the outer row: it runs again for every row of the outer query.' };
  if (/^SCALAR SUBQUERY/.test(text)) return { kind: 'other', meaning: 'A subquery run once: its one value is reused for every row.' };
  if (/^CORRELATED LIST SUBQUERY/.test(text)) return { kind: 'other', meaning: 'The list for IN, built again for every row of the outer query because it uses that row.' };
  if (/^LIST SUBQUERY/.test(text)) return { kind: 'other', meaning: 'The list for IN, built once from its subquery.' };
  if ((match = /^MATERIALIZE (\S+)/.exec(text))) return { kind: 'temp', meaning: `Computes ${match[1]} (a subquery, view or WITH table) once and stores its rows in a temporary table.` };
  if ((match = /^CO-ROUTINE (\S+)/.exec(text))) return { kind: 'other', meaning: `Computes ${match[1]} a row at a time, as the outer query asks for the next one, without storing it.` };
  if (/^COMPOUND QUERY/.test(text)) return { kind: 'other', meaning: 'Combines the results of several SELECTs (UNION, INTERSECT or EXCEPT); the steps below are its parts.' };
  if (/^LEFT-MOST SUBQUERY/.test(text)) return { kind: 'other', meaning: 'The first SELECT of the compound query.' };
  if (/^UNION ALL/.test(text)) return { kind: 'other', meaning: 'The next SELECT, its rows added as they are (UNION ALL keeps duplicates).' };
  if ((match = /^(UNION|EXCEPT|INTERSECT) USING TEMP B-TREE/.exec(text))) return { kind: 'temp', meaning: `The next SELECT, combined by ${match[1]} through a temporary B-tree.` };
  if (/^MULTI-INDEX OR/.test(text)) return { kind: 'search', meaning: 'Answers each side of the OR through its own index, then combines the rows found.' };
  if (/^INDEX \d+/.test(text)) return { kind: 'other', meaning: 'One side of the OR above.' };
  if ((match = /^BLOOM FILTER ON (\S+)/.exec(text))) return { kind: 'temp', meaning: `Builds a Bloom filter on ${match[1]}: a quick test that skips rows which cannot match the join.` };
  if (/^SETUP/.test(text)) return { kind: 'other', meaning: 'The first rows of a recursive WITH query (before UNION).' };
  if (/^RECURSIVE STEP/.test(text)) return { kind: 'other', meaning: 'The part of a recursive WITH query that runs again on the rows of the previous step.' };
  return { kind: 'other', meaning: 'A step of SQLite\'s plan without a sentence here yet: SQLite\'s own words are above.' };
}
