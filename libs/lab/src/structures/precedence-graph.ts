/**
 * A schedule's precedence (serialization) graph, built one conflict at a time: a ```precedence-graph
 * block. Conflict serializability as in Ramakrishnan & Gehrke and Silberschatz: two operations of
 * different transactions conflict when they touch the same item and at least one writes; each
 * conflict adds the edge Ti → Tj (Ti's operation comes first). The schedule is conflict-serializable
 * exactly when the graph has no cycle, and then any topological order is an equivalent serial order.
 */
import { failure, success, type Operation, type Outcome, type Step } from './steps.js';

/** The longest schedule a block may hold: a lesson's are a dozen operations, a graph of 100s stays readable no more. */
export const MAX_SCHEDULE_OPERATIONS = 200;
/** Transactions are numbered 1 to MAX_TRANSACTION (T1 … T9 in a lesson). */
export const MAX_TRANSACTION = 99;

/** One operation: r1(A) reads A in T1, w2(B) writes B in T2, c1 commits T1, a2 aborts T2. */
export interface ScheduleOperation {
  kind: 'r' | 'w' | 'c' | 'a';
  transaction: number;
  item?: string;
}

export interface PrecedenceEdge {
  from: number;
  to: number;
  /** The conflicting pairs behind the edge, as positions in the schedule (earlier, later). */
  because: [number, number][];
}

export interface PrecedenceGraph {
  schedule: ScheduleOperation[];
  /** Every transaction of the schedule, in the order of its number. */
  transactions: number[];
  edges: PrecedenceEdge[];
  /** How many operations of the schedule have been read (the view marks the last one). */
  read: number;
}

export const operationText = (operation: ScheduleOperation): string => `${operation.kind}${operation.transaction}${operation.item === undefined ? '' : `(${operation.item})`}`;

const TOKEN = /^([rwca])(\d+)(?:\(([A-Za-z][\w]{0,15})\))?$/i;

/**
 * Reads `r1(A) w2(A) c1 c2`: operations separated by spaces, commas, semicolons or lines; `#` starts
 * a comment. Reads and writes name an item, commits and aborts do not.
 */
export function parseSchedule(text: string): Outcome<ScheduleOperation[]> {
  const schedule: ScheduleOperation[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    for (const token of line.replace(/#.*/, '').split(/[\s,;]+/).filter(Boolean)) {
      const match = TOKEN.exec(token);
      const where = `line ${index + 1}`;
      if (!match) return failure(`"${token.slice(0, 20)}" on ${where} is not an operation: write r1(A) to read A in T1, w2(B) to write B in T2, c1 to commit T1, a1 to abort it.`);
      const kind = match[1]!.toLowerCase() as ScheduleOperation['kind'];
      const transaction = Number(match[2]);
      if (transaction < 1 || transaction > MAX_TRANSACTION) return failure(`"${token}" on ${where}: transactions are numbered 1 to ${MAX_TRANSACTION}.`);
      const item = match[3];
      if ((kind === 'r' || kind === 'w') && item === undefined) return failure(`"${token}" on ${where} names no item: write ${kind}${transaction}(A).`);
      if ((kind === 'c' || kind === 'a') && item !== undefined) return failure(`"${token}" on ${where}: a commit or abort names no item, write ${kind}${transaction}.`);
      const ended = schedule.find((earlier) => earlier.transaction === transaction && (earlier.kind === 'c' || earlier.kind === 'a'));
      if (ended) return failure(`"${token}" on ${where} comes after T${transaction} ended with ${operationText(ended)}.`);
      if (schedule.length === MAX_SCHEDULE_OPERATIONS) return failure(`A schedule holds ${MAX_SCHEDULE_OPERATIONS} operations at most.`);
      schedule.push(item === undefined ? { kind, transaction } : { kind, transaction, item });
    }
  }
  if (schedule.length === 0) return failure('The schedule is empty: write its operations in order, e.g. r1(A) w2(A) c1 c2.');
  return success(schedule);
}

const copyGraph = (graph: PrecedenceGraph): PrecedenceGraph => ({ ...graph, edges: graph.edges.map((edge) => ({ ...edge, because: edge.because.map((pair) => [...pair] as [number, number]) })) });

/** Two operations conflict: different transactions, the same item, at least one of them a write. */
export const conflicts = (first: ScheduleOperation, second: ScheduleOperation): boolean =>
  first.transaction !== second.transaction && first.item !== undefined && first.item === second.item && (first.kind === 'w' || second.kind === 'w');

/** Every conflicting pair (earlier position, later position), in schedule order of the later one. Aborted transactions are left out (the committed projection). */
export function conflictingPairs(schedule: readonly ScheduleOperation[]): [number, number][] {
  const aborted = new Set(schedule.filter((operation) => operation.kind === 'a').map((operation) => operation.transaction));
  const pairs: [number, number][] = [];
  schedule.forEach((later, to) => {
    if (aborted.has(later.transaction)) return;
    for (let from = 0; from < to; from++) if (!aborted.has(schedule[from]!.transaction) && conflicts(schedule[from]!, later)) pairs.push([from, to]);
  });
  return pairs;
}

/** A cycle of the graph as T numbers, the first repeated at the end (T1 → T2 → T1), or null. */
export function findCycle(graph: { transactions: readonly number[]; edges: readonly { from: number; to: number }[] }): number[] | null {
  const next = (from: number) => graph.edges.filter((edge) => edge.from === from).map((edge) => edge.to);
  const state = new Map<number, 'open' | 'done'>();
  const path: number[] = [];
  const visit = (node: number): number[] | null => {
    state.set(node, 'open');
    path.push(node);
    for (const to of next(node)) {
      if (state.get(to) === 'open') return [...path.slice(path.indexOf(to)), to];
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.transactions) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

/** An equivalent serial order (a topological order, the lowest-numbered ready transaction first), or null when there is a cycle. */
export function serialOrder(graph: PrecedenceGraph): number[] | null {
  const incoming = new Map(graph.transactions.map((node) => [node, 0]));
  for (const edge of graph.edges) incoming.set(edge.to, incoming.get(edge.to)! + 1);
  const order: number[] = [];
  const ready = graph.transactions.filter((node) => incoming.get(node) === 0);
  while (ready.length > 0) {
    ready.sort((a, b) => a - b);
    const node = ready.shift()!;
    order.push(node);
    for (const edge of graph.edges.filter((candidate) => candidate.from === node)) {
      incoming.set(edge.to, incoming.get(edge.to)! - 1);
      if (incoming.get(edge.to) === 0) ready.push(edge.to);
    }
  }
  return order.length === graph.transactions.length ? order : null;
}

const chain = (nodes: readonly number[]) => nodes.map((node) => `T${node}`).join(' → ');

/** The verdict in one sentence: serializable and to which serial order, or the cycle that forbids it. */
export function verdict(graph: PrecedenceGraph): string {
  const cycle = findCycle(graph);
  if (cycle) return `Not conflict-serializable: cycle ${chain(cycle)}.`;
  return `Conflict-serializable, equivalent to ${chain(serialOrder(graph)!)}.`;
}

/** The graph before any operation is read: one node per transaction, no edge. */
export function emptyPrecedenceGraph(schedule: readonly ScheduleOperation[]): PrecedenceGraph {
  const transactions = [...new Set(schedule.map((operation) => operation.transaction))].sort((a, b) => a - b);
  return { schedule: [...schedule], transactions, edges: [], read: 0 };
}

/**
 * Reads the schedule in order; each conflict is a step ("w2(A) after r1(A): … edge T1 → T2"), and
 * the last step gives the verdict.
 */
export function precedenceSteps(schedule: readonly ScheduleOperation[]): Operation<PrecedenceGraph> {
  const graph = emptyPrecedenceGraph(schedule);
  const steps: Step<PrecedenceGraph>[] = [];
  const aborted = new Set(schedule.filter((operation) => operation.kind === 'a').map((operation) => operation.transaction));
  const pairs = conflictingPairs(schedule);
  schedule.forEach((operation, position) => {
    graph.read = position + 1;
    if (operation.kind === 'a') {
      steps.push({ action: 'abort', text: `${operationText(operation)}: T${operation.transaction} aborts, so its operations are left out (only committed work must be serializable).`, state: copyGraph(graph), focus: [operation.transaction] });
      return;
    }
    for (const [from] of pairs.filter(([, to]) => to === position)) {
      const earlier = schedule[from]!;
      const edge = graph.edges.find((candidate) => candidate.from === earlier.transaction && candidate.to === operation.transaction);
      const why = `${operationText(operation)} after ${operationText(earlier)}: both touch ${operation.item} and ${earlier.kind === 'w' && operation.kind === 'w' ? 'both write' : 'one writes'}, so T${earlier.transaction} must come before T${operation.transaction}`;
      if (edge) {
        edge.because.push([from, position]);
        steps.push({ action: 'same-edge', text: `${why}: the edge T${earlier.transaction} → T${operation.transaction} is already there.`, state: copyGraph(graph), focus: [earlier.transaction, operation.transaction] });
      } else {
        graph.edges.push({ from: earlier.transaction, to: operation.transaction, because: [[from, position]] });
        steps.push({ action: 'edge', text: `${why}: add the edge T${earlier.transaction} → T${operation.transaction}.`, state: copyGraph(graph), focus: [earlier.transaction, operation.transaction] });
      }
    }
  });
  const cycle = findCycle(graph);
  const left = aborted.size > 0 ? ` (aborted: ${[...aborted].sort((a, b) => a - b).map((node) => `T${node}`).join(', ')})` : '';
  steps.push({ action: cycle ? 'cycle' : 'serializable', text: `${verdict(graph)}${pairs.length === 0 ? ' No two operations conflict.' : ''}${left}`, state: copyGraph(graph), focus: cycle ?? serialOrder(graph)! });
  return { state: graph, steps };
}

/** The graph in words, for a screen reader: its nodes and edges with the items behind them. */
export function describePrecedenceGraph(graph: PrecedenceGraph): string {
  const nodes = `Precedence graph of ${graph.transactions.map((node) => `T${node}`).join(', ')}`;
  if (graph.edges.length === 0) return `${nodes}, no edges yet.`;
  const edges = graph.edges.map((edge) => `T${edge.from} → T${edge.to} (${[...new Set(edge.because.map(([, to]) => graph.schedule[to]!.item))].join(', ')})`);
  return `${nodes}. Edges: ${edges.join(', ')}.`;
}

/** Reads a block: its schedule and all the steps of its graph. */
export function precedenceBlock(code: string): Outcome<Operation<PrecedenceGraph>> {
  const schedule = parseSchedule(code);
  return schedule.ok ? success(precedenceSteps(schedule.value)) : schedule;
}
