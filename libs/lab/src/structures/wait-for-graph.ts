/**
 * A lock table's wait-for graph, built one waiting transaction at a time: a ```wait-for-graph block.
 * As in Silberschatz and Ramakrishnan & Gehrke: Ti → Tj when Ti waits for a lock on an item that Tj
 * holds in an incompatible mode (only two shared locks are compatible). A cycle is a deadlock; the
 * DBMS breaks it by aborting a victim on the cycle, here the youngest (highest-numbered) one, whose
 * work lost is presumed smallest, and repeats until no cycle is left.
 */
import { findCycle } from './precedence-graph.js';
import { failure, success, type Operation, type Outcome, type Step } from './steps.js';

/** The most transactions a block may name: a lesson's lock table has a handful. */
export const MAX_LOCK_TRANSACTIONS = 20;

export type LockMode = 'S' | 'X';

export interface LockRequest {
  mode: LockMode;
  item: string;
}

/** One line of the lock table: what a transaction holds and what it waits for (if anything). */
export interface LockEntry {
  transaction: number;
  holds: LockRequest[];
  waits: LockRequest | null;
}

export interface WaitForEdge {
  from: number;
  to: number;
  /** The item the waiting transaction wants. */
  item: string;
}

export interface WaitForGraph {
  table: LockEntry[];
  /** Every transaction of the table, in the order of its number. */
  transactions: number[];
  edges: WaitForEdge[];
  /** Transactions on a cycle of the graph (deadlocked), in the order of their number. */
  deadlocked: number[];
  /** Victims aborted so far, in the order they were chosen. */
  victims: number[];
}

export const lockText = (lock: LockRequest): string => `${lock.mode}(${lock.item})`;

const LOCK = /^([SX])\(([A-Za-z][\w]{0,15})\)$/i;
const LINE = /^T(\d+)\s+holds\s+(.*?)(?:\s+waits(?:\s+for)?\s+(\S+))?$/i;

function parseLock(token: string, where: string): Outcome<LockRequest> {
  const match = LOCK.exec(token);
  if (!match) return failure(`"${token.slice(0, 20)}" on ${where} is not a lock: write S(A) for a shared lock on A, X(B) for an exclusive one on B.`);
  return success({ mode: match[1]!.toUpperCase() as LockMode, item: match[2]! });
}

/**
 * Reads one transaction per line: `T1 holds X(A), S(C) waits S(B)`; `holds -` for none, and no
 * `waits` part for a transaction that runs. `#` starts a comment.
 */
export function parseLockTable(text: string): Outcome<LockEntry[]> {
  const table: LockEntry[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') continue;
    const where = `line ${index + 1}`;
    const match = LINE.exec(line);
    if (!match) return failure(`Line ${index + 1} is not a lock table row: write T1 holds X(A) waits S(B) (holds - for none; leave out waits when it runs).`);
    const transaction = Number(match[1]);
    if (transaction < 1 || transaction > 99) return failure(`T${match[1]} on ${where}: transactions are numbered 1 to 99.`);
    if (table.some((entry) => entry.transaction === transaction)) return failure(`T${transaction} on ${where} has a row already: one row per transaction.`);
    if (table.length === MAX_LOCK_TRANSACTIONS) return failure(`A lock table holds ${MAX_LOCK_TRANSACTIONS} transactions at most.`);
    const holds: LockRequest[] = [];
    const held = match[2]!.trim();
    if (held !== '-') {
      for (const token of held.split(/[\s,;]+/).filter(Boolean)) {
        const lock = parseLock(token, where);
        if (!lock.ok) return lock;
        holds.push(lock.value);
      }
    }
    let waits: LockRequest | null = null;
    if (match[3] !== undefined) {
      const lock = parseLock(match[3], where);
      if (!lock.ok) return lock;
      waits = lock.value;
    }
    table.push({ transaction, holds, waits });
  }
  if (table.length === 0) return failure('The lock table is empty: one row per transaction, e.g. T1 holds X(A) waits S(B).');
  return success(table);
}

/** Two locks on one item are compatible only when both are shared. */
export const compatible = (held: LockMode, wanted: LockMode): boolean => held === 'S' && wanted === 'S';

/** The edges of one waiting transaction: to every other holder of an incompatible lock on the item it wants. */
export function edgesOf(entry: LockEntry, table: readonly LockEntry[]): WaitForEdge[] {
  const wanted = entry.waits;
  if (!wanted) return [];
  return table
    .filter((other) => other.transaction !== entry.transaction && other.holds.some((lock) => lock.item === wanted.item && !compatible(lock.mode, wanted.mode)))
    .map((other) => ({ from: entry.transaction, to: other.transaction, item: wanted.item }));
}

/** Every transaction on some cycle: those that can reach themselves again. */
export function deadlockedTransactions(graph: { transactions: readonly number[]; edges: readonly { from: number; to: number }[] }): number[] {
  const reachable = (start: number): Set<number> => {
    const seen = new Set<number>();
    const stack = [start];
    while (stack.length > 0) {
      const node = stack.pop()!;
      for (const edge of graph.edges) {
        if (edge.from !== node || seen.has(edge.to)) continue;
        seen.add(edge.to);
        stack.push(edge.to);
      }
    }
    return seen;
  };
  return graph.transactions.filter((node) => reachable(node).has(node));
}

const chain = (nodes: readonly number[]) => nodes.map((node) => `T${node}`).join(' → ');
const names = (nodes: readonly number[]) => nodes.map((node) => `T${node}`).join(', ');
const copyGraph = (graph: WaitForGraph): WaitForGraph => ({ ...graph, edges: graph.edges.map((edge) => ({ ...edge })), deadlocked: [...graph.deadlocked], victims: [...graph.victims] });

/**
 * Adds each waiting transaction's edges (one step per waiting row), then names the cycle and aborts
 * its youngest transaction, releasing its locks, until no cycle is left.
 */
export function waitForSteps(table: readonly LockEntry[]): Operation<WaitForGraph> {
  const transactions = [...new Set([...table.map((entry) => entry.transaction)])].sort((a, b) => a - b);
  const graph: WaitForGraph = { table: table.map((entry) => ({ ...entry, holds: [...entry.holds] })), transactions, edges: [], deadlocked: [], victims: [] };
  const steps: Step<WaitForGraph>[] = [];
  for (const entry of table) {
    if (!entry.waits) continue;
    const added = edgesOf(entry, table);
    graph.edges.push(...added);
    const wanted = lockText(entry.waits);
    const text = added.length === 0
      ? `T${entry.transaction} asks for ${wanted}: no other transaction holds an incompatible lock on ${entry.waits.item}, so it need not wait.`
      : `T${entry.transaction} waits for ${wanted}, held incompatibly by ${names(added.map((edge) => edge.to))}: add ${added.map((edge) => `T${edge.from} → T${edge.to}`).join(', ')}.`;
    steps.push({ action: added.length === 0 ? 'granted' : 'edge', text, state: copyGraph(graph), focus: [entry.transaction, ...added.map((edge) => edge.to)] });
  }
  graph.deadlocked = deadlockedTransactions(graph);
  const live = (): WaitForGraph => ({ ...graph, transactions: graph.transactions.filter((node) => !graph.victims.includes(node)), edges: graph.edges.filter((edge) => !graph.victims.includes(edge.from) && !graph.victims.includes(edge.to)) });
  for (let cycle = findCycle(live()); cycle; cycle = findCycle(live())) {
    const victim = Math.max(...cycle);
    steps.push({ action: 'cycle', text: `Deadlock: the cycle ${chain(cycle)}. Deadlocked: ${names(deadlockedTransactions(live()))}.`, state: copyGraph(graph), focus: cycle });
    graph.victims.push(victim);
    steps.push({ action: 'victim', text: `Victim: T${victim}, the youngest on the cycle. It is aborted and its locks released, so the transactions waiting for it can go on.`, state: copyGraph(graph), focus: [victim] });
  }
  const blocked = live().edges.map((edge) => edge.from);
  const waiting = [...new Set(blocked)].sort((a, b) => a - b);
  const end = graph.victims.length === 0
    ? `No cycle, so no deadlock${waiting.length > 0 ? `: ${names(waiting)} only wait${waiting.length === 1 ? 's' : ''} for locks that will be released` : ''}.`
    : `No cycle left. Aborted: ${names(graph.victims)}.${waiting.length > 0 ? ` Still waiting (not deadlocked): ${names(waiting)}.` : ''}`;
  steps.push({ action: graph.victims.length === 0 ? 'no-deadlock' : 'resolved', text: end, state: copyGraph(graph), focus: graph.deadlocked });
  return { state: graph, steps };
}

/** The graph in words, for a screen reader: nodes, edges with their items, the deadlock and the victims. */
export function describeWaitForGraph(graph: WaitForGraph): string {
  const nodes = `Wait-for graph of ${names(graph.transactions)}`;
  const edges = graph.edges.length === 0 ? ', no edges yet' : `. Edges: ${graph.edges.map((edge) => `T${edge.from} → T${edge.to} (${edge.item})`).join(', ')}`;
  const deadlock = graph.deadlocked.length > 0 ? `. Deadlocked: ${names(graph.deadlocked)}` : '';
  const victims = graph.victims.length > 0 ? `. Victims: ${names(graph.victims)}` : '';
  return `${nodes}${edges}${deadlock}${victims}.`;
}

/** Reads a block: its lock table and all the steps of its graph. */
export function waitForBlock(code: string): Outcome<Operation<WaitForGraph>> {
  const table = parseLockTable(code);
  return table.ok ? success(waitForSteps(table.value)) : table;
}
