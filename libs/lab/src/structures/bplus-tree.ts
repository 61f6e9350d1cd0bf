import { ANIMATION_LIMIT, buildFrom, onCopy, checkSetting, keyList, StepLog, success, type Operation, type Outcome, type Step } from './steps.js';

/**
 * A B+ tree as in Ramakrishnan & Gehrke (Database Management Systems, 3rd ed., ch. 10): of order d,
 * every node but the root holds d to 2d keys (the root 1 to 2d); data entries live in the leaves,
 * which are chained left to right. A full leaf splits d | d+1 and copies its right half's first key
 * up; a full internal node splits d | d and pushes its middle key up. A delete that leaves a node
 * under d keys first borrows from a sibling (right, then left) with keys to spare, evening the two
 * out, and otherwise merges with it; an empty root gives way to its only child.
 * Every operation works on a copy: a tree value is never changed.
 */
export interface BPlusNode {
  /** Stable across steps, so the view can follow and highlight a node. */
  id: number;
  keys: number[];
  /** Absent on a leaf; on an internal node, keys.length + 1 children. */
  children?: BPlusNode[];
}

export interface BPlusTree {
  /** d: non-root nodes hold d to 2d keys. */
  order: number;
  root: BPlusNode;
  nextId: number;
}

export const BPLUS_ORDER = { min: 1, max: 8 } as const;

/** The convention, said once on screen and in the step sentences. */
export const bplusConvention = (order: number): string =>
  `Order d = ${order}: every node except the root holds ${order} to ${2 * order} keys (the root 1 to ${2 * order}), as in Ramakrishnan & Gehrke.`;

export function emptyBPlusTree(order: number): Outcome<BPlusTree> {
  const checked = checkSetting('order', order, BPLUS_ORDER.min, BPLUS_ORDER.max);
  if (!checked.ok) return checked;
  return success({ order, root: { id: 0, keys: [] }, nextId: 1 });
}

/** A literal tree (tests, figures): a leaf is its keys, an internal node `{keys, children}`. */
export type BPlusLayout = number[] | { keys: number[]; children: BPlusLayout[] };

export function bplusTreeFrom(order: number, layout: BPlusLayout): BPlusTree {
  let nextId = 0;
  const build = (part: BPlusLayout): BPlusNode => (Array.isArray(part) ? { id: nextId++, keys: [...part] } : { id: nextId++, keys: [...part.keys], children: part.children.map(build) });
  const root = build(layout);
  return { order, root, nextId };
}

const cloneNode = (node: BPlusNode): BPlusNode => (node.children ? { id: node.id, keys: [...node.keys], children: node.children.map(cloneNode) } : { id: node.id, keys: [...node.keys] });
const cloneTree = (tree: BPlusTree): BPlusTree => ({ ...tree, root: cloneNode(tree.root) });

/** The nodes level by level, root first (the view draws them so; tests compare them). */
export function bplusLevels(tree: BPlusTree): BPlusNode[][] {
  const levels: BPlusNode[][] = [];
  let level = [tree.root];
  while (level.length > 0) {
    levels.push(level);
    level = level.flatMap((node) => node.children ?? []);
  }
  return levels;
}

/** "[17] / [5 13] [24 30] / [2 3] …": the whole tree on one line. */
export const bplusText = (tree: BPlusTree): string => bplusLevels(tree).map((level) => level.map((node) => keyList(node.keys)).join(' ')).join(' / ');

export const bplusHeight = (tree: BPlusTree): number => bplusLevels(tree).length;

export const bplusKeys = (tree: BPlusTree): number[] => bplusLevels(tree).at(-1)!.flatMap((leaf) => leaf.keys);

/** Every broken rule of the tree, as sentences; none for a valid tree (the property tests' oracle). */
export function bplusProblems(tree: BPlusTree): string[] {
  const problems: string[] = [];
  const { order } = tree;
  const leafDepths = new Set<number>();
  const visit = (node: BPlusNode, depth: number, low: number, high: number): void => {
    const isRoot = node === tree.root;
    if (node.keys.length > 2 * order) problems.push(`${keyList(node.keys)} holds more than ${2 * order} keys`);
    if (!isRoot && node.keys.length < order) problems.push(`${keyList(node.keys)} holds fewer than ${order} keys`);
    node.keys.forEach((key, index) => {
      if (index > 0 && key <= node.keys[index - 1]!) problems.push(`${keyList(node.keys)} is not sorted`);
      if (key < low || key >= high) problems.push(`${key} in ${keyList(node.keys)} is outside [${low}, ${high})`);
    });
    if (!node.children) {
      leafDepths.add(depth);
      return;
    }
    if (node.children.length !== node.keys.length + 1) problems.push(`${keyList(node.keys)} has ${node.children.length} children`);
    if (isRoot && node.keys.length === 0) problems.push('the root is an empty internal node');
    node.children.forEach((child, index) => visit(child, depth + 1, index === 0 ? low : node.keys[index - 1]!, index === node.keys.length ? high : node.keys[index]!));
  };
  visit(tree.root, 1, -Infinity, Infinity);
  if (leafDepths.size > 1) problems.push('the leaves are not all at one depth');
  return problems;
}

const ordinal = (index: number): string => ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth'][index] ?? `${index + 1}th`;

/** Which child of an internal node a key belongs under: keys below keys[i] go left of it. */
function childIndexFor(node: BPlusNode, key: number): number {
  let index = 0;
  while (index < node.keys.length && key >= node.keys[index]!) index++;
  return index;
}

function descendSentence(node: BPlusNode, key: number, index: number): string {
  const why = index === 0 ? `${key} is below ${node.keys[0]}` : index === node.keys.length ? `${key} is at least ${node.keys[index - 1]}` : `${key} is from ${node.keys[index - 1]} up to below ${node.keys[index]}`;
  return `At ${keyList(node.keys)}, ${why}: follow the ${ordinal(index)} pointer down.`;
}

interface PathEntry {
  node: BPlusNode;
  index: number;
}

/** Walks from the root to the leaf for a key, logging each descent; returns the path and the leaf. */
function descend(tree: BPlusTree, key: number, log: StepLog<BPlusTree>): { path: PathEntry[]; leaf: BPlusNode } {
  const path: PathEntry[] = [];
  let node = tree.root;
  while (node.children) {
    const index = childIndexFor(node, key);
    log.add('descend', descendSentence(node, key, index), [node.id]);
    path.push({ node, index });
    node = node.children[index]!;
  }
  return { path, leaf: node };
}

function insertSorted(keys: number[], key: number): void {
  let at = 0;
  while (at < keys.length && keys[at]! < key) at++;
  keys.splice(at, 0, key);
}

export function bplusInsert(tree: BPlusTree, key: number, record = true): Operation<BPlusTree> {
  return onCopy(tree, cloneTree, record, (next, log) => insertInPlace(next, key, log));
}

function insertInPlace(next: BPlusTree, key: number, log: StepLog<BPlusTree>): void {
  const { order } = next;
  const { path, leaf } = descend(next, key, log);
  if (leaf.keys.includes(key)) {
    log.add('refuse', `${key} is already in leaf ${keyList(leaf.keys)}: a key is stored once, so nothing changes.`, [leaf.id]);
    return;
  }
  insertSorted(leaf.keys, key);
  log.add('insert', `Put ${key} into leaf ${keyList(leaf.keys)}${leaf.keys.length > 2 * order ? `: it now holds ${leaf.keys.length} keys, more than ${2 * order}.` : '.'}`, [leaf.id]);
  let node = leaf;
  let level = path.length;
  while (node.keys.length > 2 * order) {
    const sibling: BPlusNode = { id: next.nextId++, keys: [] };
    let upKey: number;
    let sentence: string;
    if (!node.children) {
      sibling.keys = node.keys.splice(order);
      upKey = sibling.keys[0]!;
      sentence = `Split the leaf into ${keyList(node.keys)} and ${keyList(sibling.keys)}, and copy ${upKey} up: it stays in the leaf too.`;
    } else {
      upKey = node.keys[order]!;
      sibling.keys = node.keys.splice(order).slice(1);
      sibling.children = node.children.splice(order + 1);
      sentence = `Split the internal node into ${keyList(node.keys)} and ${keyList(sibling.keys)}, and push ${upKey} up: it moves, it is not copied.`;
    }
    level--;
    const parentEntry = path[level];
    if (!parentEntry) {
      next.root = { id: next.nextId++, keys: [upKey], children: [node, sibling] };
      log.add(node.children ? 'split-internal' : 'split-leaf', sentence, [node.id, sibling.id]);
      log.add('new-root', `The root split, so a new root ${keyList([upKey])} is made above it: the tree grows to ${bplusHeight(next)} levels.`, [next.root.id]);
      break;
    }
    const parent = parentEntry.node;
    parent.keys.splice(parentEntry.index, 0, upKey);
    parent.children!.splice(parentEntry.index + 1, 0, sibling);
    log.add(node.children ? 'split-internal' : 'split-leaf', `${sentence} The parent becomes ${keyList(parent.keys)}.`, [node.id, sibling.id, parent.id]);
    node = parent;
  }
}

export function bplusSearch(tree: BPlusTree, key: number): Operation<BPlusTree> {
  const log = new StepLog<BPlusTree>(true, () => tree);
  const { leaf } = descend(tree, key, log);
  if (leaf.keys.includes(key)) log.add('found', `Found ${key} in leaf ${keyList(leaf.keys)} after reading ${bplusHeight(tree)} node${bplusHeight(tree) === 1 ? '' : 's'}.`, [leaf.id]);
  else log.add('not-found', `${key} is not in leaf ${keyList(leaf.keys)}, the only place it could be: it is not in the tree.`, [leaf.id]);
  return { state: tree, steps: log.steps };
}

/** Evens out two siblings through their parent's separator (redistribution). */
function redistribute(parent: BPlusNode, separator: number): { left: BPlusNode; right: BPlusNode } {
  const left = parent.children![separator]!;
  const right = parent.children![separator + 1]!;
  if (!left.children) {
    const keys = [...left.keys, ...right.keys];
    const leftCount = Math.floor(keys.length / 2);
    left.keys = keys.slice(0, leftCount);
    right.keys = keys.slice(leftCount);
    parent.keys[separator] = right.keys[0]!;
  } else {
    const keys = [...left.keys, parent.keys[separator]!, ...right.keys];
    const children = [...left.children, ...right.children!];
    const leftCount = Math.floor((keys.length - 1) / 2);
    left.keys = keys.slice(0, leftCount);
    parent.keys[separator] = keys[leftCount]!;
    right.keys = keys.slice(leftCount + 1);
    left.children = children.slice(0, leftCount + 1);
    right.children = children.slice(leftCount + 1);
  }
  return { left, right };
}

/** Merges the right sibling into the left one; the separator goes away (down into an internal node). */
function merge(parent: BPlusNode, separator: number): BPlusNode {
  const left = parent.children![separator]!;
  const right = parent.children![separator + 1]!;
  const down = parent.keys[separator]!;
  left.keys = left.children ? [...left.keys, down, ...right.keys] : [...left.keys, ...right.keys];
  if (left.children) left.children = [...left.children, ...right.children!];
  parent.keys.splice(separator, 1);
  parent.children!.splice(separator + 1, 1);
  return left;
}

export function bplusDelete(tree: BPlusTree, key: number, record = true): Operation<BPlusTree> {
  const next = cloneTree(tree);
  const log = new StepLog<BPlusTree>(record, () => cloneTree(next));
  const { order } = next;
  const { path, leaf } = descend(next, key, log);
  const at = leaf.keys.indexOf(key);
  if (at < 0) {
    log.add('not-found', `${key} is not in leaf ${keyList(leaf.keys)}: there is nothing to delete.`, [leaf.id]);
    return { state: tree, steps: log.steps };
  }
  leaf.keys.splice(at, 1);
  const short = leaf !== next.root && leaf.keys.length < order;
  log.add('delete', `Remove ${key} from the leaf, leaving ${keyList(leaf.keys)}${short ? `: fewer than ${order} keys.` : '.'}`, [leaf.id]);
  let node = leaf;
  for (let level = path.length - 1; level >= 0 && node.keys.length < order; level--) {
    const { node: parent, index } = path[level]!;
    const right = parent.children![index + 1];
    const left = index > 0 ? parent.children![index - 1] : undefined;
    const what = node.children ? 'nodes' : 'leaves';
    if (right && right.keys.length > order) {
      redistribute(parent, index);
      log.add('borrow', `Borrow from the right sibling: the two ${what} become ${keyList(node.keys)} and ${keyList(right.keys)}, and the key between them in the parent becomes ${parent.keys[index]}.`, [node.id, right.id, parent.id]);
      return { state: next, steps: log.steps };
    }
    if (left && left.keys.length > order) {
      redistribute(parent, index - 1);
      log.add('borrow', `Borrow from the left sibling: the two ${what} become ${keyList(left.keys)} and ${keyList(node.keys)}, and the key between them in the parent becomes ${parent.keys[index - 1]}.`, [left.id, node.id, parent.id]);
      return { state: next, steps: log.steps };
    }
    const separator = right ? index : index - 1;
    const pulled = parent.keys[separator]!;
    const merged = merge(parent, separator);
    const how = node.children ? `, pulling ${pulled} down from the parent` : `; the parent drops ${pulled}`;
    log.add('merge', `Neither sibling can spare a key: merge with the ${right ? 'right' : 'left'} one into ${keyList(merged.keys)}${how}.`, [merged.id, parent.id]);
    node = parent;
  }
  if (next.root.children && next.root.keys.length === 0) {
    next.root = next.root.children[0]!;
    log.add('collapse-root', `The root has no key left, so its only child ${keyList(next.root.keys)} becomes the root: the tree shrinks to ${bplusHeight(next)} level${bplusHeight(next) === 1 ? '' : 's'}.`, [next.root.id]);
  }
  return { state: next, steps: log.steps };
}

/** A tree of the given order built by inserting the keys in turn (steps only up to ANIMATION_LIMIT keys). */
export function bplusBuild(order: number, keys: readonly number[]): Outcome<Operation<BPlusTree>> {
  const empty = emptyBPlusTree(order);
  if (!empty.ok) return empty;
  return success(
    buildFrom(empty.value, keys, { copy: cloneTree, insertInPlace }, (state): Step<BPlusTree> => ({
      action: 'built',
      text: `Built from ${keys.length.toLocaleString('en-US')} keys in one go (animation is skipped above ${ANIMATION_LIMIT} keys): ${bplusHeight(state)} levels.`,
      state,
      focus: [],
    })),
  );
}
