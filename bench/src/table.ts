/** One measured call, as the table shows it. */
export interface BenchRow {
  call: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  total: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
}

/** Issue 5's target for GET /api/users/me through the edge (:8080) on this 2-core machine. */
export const TARGET = { call: 'GET /api/users/me', path: 'edge', minRequestsPerSecond: 2000, maxP99Ms: 40 } as const;
/** Issues 7 and 8: every content list call through the edge, with 1,000 courses and 10,000 questions loaded. */
export const CONTENT_TARGET = { path: 'edge', minRequestsPerSecond: 1500, maxP99Ms: 50 } as const;
/** Issue 5: /api through the edge keeps at least this share of the gateway's own throughput. */
export const MIN_EDGE_SHARE = 0.9;

/** The label of a call measured on one path: `GET /api/users/me via edge :8080`. */
export function rowLabel(call: string, path: 'gateway' | 'edge', origin: URL): string {
  return `${call} via ${path} :${origin.port || '80'}`;
}

const HEADERS = ['call', 'req/s (mean)', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx'] as const;

function cells(row: BenchRow): string[] {
  return [
    row.call,
    row.requestsPerSecond.toFixed(0),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    String(row.total),
    String(row.errors),
    String(row.non2xx),
  ];
}

/**
 * One row from several measurements of the same call: mean rate and median, the worst p99, the
 * counts summed. The bench measures each path in two halves (gateway, edge, edge, gateway) so a
 * change in the machine's load between rows does not count against one path.
 */
export function mergeRows(call: string, parts: readonly BenchRow[]): BenchRow {
  const mean = (pick: (row: BenchRow) => number) => parts.reduce((sum, row) => sum + pick(row), 0) / parts.length;
  return {
    call,
    requestsPerSecond: mean((row) => row.requestsPerSecond),
    p50Ms: mean((row) => row.p50Ms),
    p99Ms: Math.max(...parts.map((row) => row.p99Ms)),
    total: parts.reduce((sum, row) => sum + row.total, 0),
    errors: parts.reduce((sum, row) => sum + row.errors, 0),
    non2xx: parts.reduce((sum, row) => sum + row.non2xx, 0),
  };
}

/** A plain-text table: the call left-aligned, numbers right-aligned. */
export function formatTable(rows: readonly BenchRow[]): string {
  const table = [[...HEADERS], ...rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...table.map((line) => line[column]!.length)));
  const render = (line: string[]) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [render(table[0]!), rule, ...table.slice(1).map(render)].join('\n');
}

/** One line on whether the target was met, or undefined if that call was not measured. */
export function targetVerdict(rows: readonly BenchRow[]): string | undefined {
  const row = rows.find((candidate) => candidate.call.startsWith(`${TARGET.call} via ${TARGET.path} `));
  if (!row) return undefined;
  const met = row.requestsPerSecond >= TARGET.minRequestsPerSecond && row.p99Ms < TARGET.maxP99Ms && row.errors === 0 && row.non2xx === 0;
  return `${row.call}: target ≥ ${TARGET.minRequestsPerSecond} req/s with p99 < ${TARGET.maxP99Ms} ms and no errors: ${met ? 'met' : 'NOT met'}`;
}

/** For each call measured on both paths: the edge's rate as a share of the gateway's. */
export function edgeShareLines(rows: readonly BenchRow[]): string[] {
  return rows.flatMap((edge) => {
    const match = / via edge :\d+$/.exec(edge.call);
    if (!match) return [];
    const call = edge.call.slice(0, match.index);
    const gateway = rows.find((row) => row.call.startsWith(`${call} via gateway `));
    if (!gateway || gateway.requestsPerSecond === 0) return [];
    const share = edge.requestsPerSecond / gateway.requestsPerSecond;
    return [`${call}: the edge keeps ${(share * 100).toFixed(0)} % of the gateway's rate (target ≥ ${MIN_EDGE_SHARE * 100} %): ${share >= MIN_EDGE_SHARE ? 'met' : 'NOT met'}`];
  });
}

/** One line per content call measured through the edge: met or not against issues 7 and 8. */
export function contentVerdicts(rows: readonly BenchRow[]): string[] {
  return rows
    .filter((row) => /^GET \/api\/(course|interview)/.test(row.call) && row.call.includes(` via ${CONTENT_TARGET.path} `))
    .map((row) => {
      const met = row.requestsPerSecond >= CONTENT_TARGET.minRequestsPerSecond && row.p99Ms < CONTENT_TARGET.maxP99Ms && row.errors === 0 && row.non2xx === 0;
      return `${row.call}: target ≥ ${CONTENT_TARGET.minRequestsPerSecond} req/s with p99 < ${CONTENT_TARGET.maxP99Ms} ms and no errors: ${met ? 'met' : 'NOT met'}`;
    });
}
