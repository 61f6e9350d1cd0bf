import { bplusLevels, type BPlusNode, type BPlusTree, bucketKeys, bucketName, type ExtendibleHash, keyList, lastBits, type LinearHash, roundSize } from '@dblearn/lab/structures';

/** More boxes than this and the drawing stops a level early (or cuts a list): a page must stay light. */
export const DRAWN_BOXES = 300;

const focusClass = (base: string, focused: boolean) => (focused ? `${base} ${base}--focus` : base);

const cut = (total: number, shown: number, what: string) => (total > shown ? <p className="dbl-structure__cut">{`… and ${(total - shown).toLocaleString('en-US')} more ${what}, not drawn.`}</p> : null);

/** How many top levels of a tree fit in DRAWN_BOXES boxes (at least the root). */
function drawnDepth(tree: BPlusTree): number {
  let boxes = 0;
  let depth = 0;
  for (const level of bplusLevels(tree)) {
    boxes += level.length;
    if (boxes > DRAWN_BOXES && depth > 0) break;
    depth++;
  }
  return depth;
}

/** One node above its children; `rightmost` marks the tree's right edge (the one leaf with no link onwards). */
function Subtree({ node, depth, focus, rightmost }: { node: BPlusNode; depth: number; focus: readonly number[]; rightmost: boolean }) {
  const kind = !node.children ? (rightmost ? 'dbl-bptree__node dbl-bptree__node--leaf' : 'dbl-bptree__node dbl-bptree__node--leaf dbl-bptree__node--linked') : 'dbl-bptree__node';
  return (
    <div className="dbl-bptree__subtree">
      <div className={focusClass(kind, focus.includes(node.id))}>
        {node.keys.length === 0 ? <span className="dbl-bptree__empty">empty</span> : node.keys.map((key) => <span key={key}>{key}</span>)}
      </div>
      {node.children && depth > 1 ? (
        <div className="dbl-bptree__children">
          {node.children.map((child, index) => (
            <Subtree key={child.id} node={child} depth={depth - 1} focus={focus} rightmost={rightmost && index === node.children!.length - 1} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function BPlusTreeDrawing({ tree, focus }: { tree: BPlusTree; focus: readonly number[] }) {
  const levels = bplusLevels(tree);
  const depth = drawnDepth(tree);
  return (
    <>
      <div className="dbl-bptree">
        <Subtree node={tree.root} depth={depth} focus={focus} rightmost />
      </div>
      {depth < levels.length ? <p className="dbl-structure__cut">{`The lowest ${levels.length - depth} level${levels.length - depth === 1 ? '' : 's'} (${levels.at(-1)!.length.toLocaleString('en-US')} leaves) are not drawn: too many boxes.`}</p> : null}
    </>
  );
}

/** "3 levels. Level 1: [17]. Level 2: …; leaves linked left to right." capped for long trees. */
export function describeBPlusTree(tree: BPlusTree): string {
  const levels = bplusLevels(tree);
  const parts = levels.map((level, index) => {
    const shown = level.slice(0, 40).map((node) => keyList(node.keys)).join(' ');
    return `${index === levels.length - 1 ? 'Leaves, linked left to right' : `Level ${index + 1}`}: ${shown}${level.length > 40 ? ` and ${level.length - 40} more` : ''}.`;
  });
  return `B+ tree of ${levels.length} level${levels.length === 1 ? '' : 's'}. ${parts.join(' ')}`;
}

export function ExtendibleDrawing({ hash, focus }: { hash: ExtendibleHash; focus: readonly number[] }) {
  const entries = hash.directory.slice(0, DRAWN_BOXES);
  const buckets = hash.buckets.slice(0, DRAWN_BOXES);
  return (
    <div className="dbl-hash">
      <div className="dbl-hash__column">
        <p className="dbl-hash__caption">Directory, global depth {hash.globalDepth}</p>
        <ol className="dbl-hash__list">
          {entries.map((id, entry) => (
            <li key={entry} className={focusClass('dbl-hash__entry', focus.includes(id))}>
              <code>{lastBits(entry, hash.globalDepth) || '·'}</code> → {bucketName(id)}
            </li>
          ))}
        </ol>
        {cut(hash.directory.length, entries.length, 'entries')}
      </div>
      <div className="dbl-hash__column">
        <p className="dbl-hash__caption">Buckets, capacity {hash.capacity}</p>
        <ul className="dbl-hash__list">
          {buckets.map((bucket) => (
            <li key={bucket.id} className={focusClass('dbl-hash__bucket', focus.includes(bucket.id))}>
              <span className="dbl-hash__name">
                {bucketName(bucket.id)} <small>local depth {bucket.localDepth}</small>
              </span>
              <span className="dbl-hash__page">{bucket.keys.length === 0 ? <span className="dbl-bptree__empty">empty</span> : bucket.keys.map((key) => <span key={key}>{key}</span>)}</span>
            </li>
          ))}
        </ul>
        {cut(hash.buckets.length, buckets.length, 'buckets')}
      </div>
    </div>
  );
}

export function describeExtendible(hash: ExtendibleHash): string {
  const buckets = hash.buckets.slice(0, 40).map((bucket) => `bucket ${bucketName(bucket.id)}, local depth ${bucket.localDepth}: ${keyList(bucket.keys)}`);
  return `Directory of ${hash.directory.length} entr${hash.directory.length === 1 ? 'y' : 'ies'}, global depth ${hash.globalDepth}; ${hash.buckets.length} bucket${hash.buckets.length === 1 ? '' : 's'}: ${buckets.join('; ')}${hash.buckets.length > 40 ? ' and more' : ''}.`;
}

export function LinearDrawing({ hash, focus }: { hash: LinearHash; focus: readonly number[] }) {
  const buckets = hash.buckets.slice(0, DRAWN_BOXES);
  return (
    <div className="dbl-hash">
      <div className="dbl-hash__column">
        <p className="dbl-hash__caption">
          Level {hash.level}, Next {hash.next}: h{hash.level}(k) = k mod {roundSize(hash)}
          {hash.next > 0 ? `, h${hash.level + 1}(k) = k mod ${2 * roundSize(hash)} below Next` : ''}
        </p>
        <ol className="dbl-hash__list" start={0}>
          {buckets.map((bucket, index) => (
            <li key={index} className={focusClass('dbl-hash__bucket', focus.includes(index))}>
              <span className="dbl-hash__name">
                {index}
                {index === hash.next ? <strong className="dbl-hash__next"> ← Next</strong> : null}
              </span>
              {bucket.pages.map((page, pageIndex) => (
                <span key={pageIndex} className={pageIndex === 0 ? 'dbl-hash__page' : 'dbl-hash__page dbl-hash__page--overflow'}>
                  {page.length === 0 ? <span className="dbl-bptree__empty">empty</span> : page.map((key) => <span key={key}>{key}</span>)}
                </span>
              ))}
            </li>
          ))}
        </ol>
        {cut(hash.buckets.length, buckets.length, 'buckets')}
      </div>
    </div>
  );
}

export function describeLinear(hash: LinearHash): string {
  const buckets = hash.buckets.slice(0, 40).map((bucket, index) => `bucket ${index}: ${keyList(bucketKeys(bucket))}${bucket.pages.length > 1 ? ` on ${bucket.pages.length} pages` : ''}`);
  return `Level ${hash.level}, Next ${hash.next}, ${hash.buckets.length} buckets: ${buckets.join('; ')}${hash.buckets.length > 40 ? ' and more' : ''}.`;
}
