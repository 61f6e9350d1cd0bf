import type { BenchRow } from '../table.js';

/** One read measured on both platforms in the same minutes. */
export interface PeerComparison {
  read: string;
  peer: BenchRow;
  dblearn: BenchRow;
}

/** Issue 20's targets: every read at least twice the peer's rate, DBLearn's p99 under 50 ms. */
export const PEER_TARGET = { minRatio: 2, maxP99Ms: 50 } as const;

/** DBLearn's rate over the peer's; undefined when the peer answered nothing to compare with. */
export function ratio({ peer, dblearn }: PeerComparison): number | undefined {
  return peer.requestsPerSecond > 0 ? dblearn.requestsPerSecond / peer.requestsPerSecond : undefined;
}

/** "12 non-2xx, 3 errors", or '' for a clean run: a rate of failures is no rate. */
function failures(row: BenchRow): string {
  return [row.non2xx ? `${row.non2xx} non-2xx` : '', row.errors ? `${row.errors} errors` : ''].filter(Boolean).join(', ');
}

function notes({ peer, dblearn }: PeerComparison): string {
  return [failures(peer) && `SQL4U ${failures(peer)}`, failures(dblearn) && `DBLearn ${failures(dblearn)}`].filter(Boolean).join('; ');
}

const HEADERS = ['read', 'SQL4U req/s', 'SQL4U p99 ms', 'DBLearn req/s', 'DBLearn p99 ms', 'ratio', 'notes'] as const;

function cells(row: PeerComparison): string[] {
  const times = ratio(row);
  return [
    row.read,
    row.peer.requestsPerSecond.toFixed(0),
    row.peer.p99Ms.toFixed(1),
    row.dblearn.requestsPerSecond.toFixed(0),
    row.dblearn.p99Ms.toFixed(1),
    times === undefined ? '–' : `${times.toFixed(2)}×`,
    notes(row),
  ];
}

/** A Markdown table (it reads as plain text too), numbers right-aligned: what RESULTS.md keeps. */
export function formatComparison(rows: readonly PeerComparison[]): string {
  const table = [[...HEADERS], ...rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const numeric = (column: number) => column > 0 && column < HEADERS.length - 1;
  const render = (line: readonly string[]) => `| ${line.map((cell, column) => (numeric(column) ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (numeric(column) ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [render(table[0]!), rule, ...table.slice(1).map(render)].join('\n');
}

/** One line per read against issue 20's targets, then the smallest ratio. */
export function comparisonVerdicts(rows: readonly PeerComparison[]): string[] {
  const lines = rows.map((row) => {
    const times = ratio(row);
    const clean = !failures(row.peer) && !failures(row.dblearn);
    const met = clean && times !== undefined && times >= PEER_TARGET.minRatio && row.dblearn.p99Ms < PEER_TARGET.maxP99Ms;
    return `${row.read}: target ≥ ${PEER_TARGET.minRatio}× the peer with DBLearn's p99 < ${PEER_TARGET.maxP99Ms} ms${clean ? '' : ' (failed requests)'}: ${met ? 'met' : 'NOT met'}`;
  });
  const ratios = rows.map(ratio).filter((times): times is number => times !== undefined);
  if (ratios.length) lines.push(`smallest ratio ${Math.min(...ratios).toFixed(2)}×`);
  return lines;
}
