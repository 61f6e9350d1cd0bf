import { loadavg } from 'node:os';
import { AUTH_HEADER } from '@dblearn/contracts';
import { measureInTurns } from './load.js';
import { apiUrl, type BenchOptions } from './options.js';
import { prepareQna, QNA_TARGET } from './qna.js';
import { rowLabel, type BenchRow } from './table.js';

// `npm run bench -- --search` (issue 22): with 100,000 Q&A threads (seeded as --qna does, and one
// measured restart of svc-community, which builds its search index from the read model) and the
// shipped curriculum, GET /api/search through the edge beside GET /api/users/me.

export const SEARCH_TARGET = { minRequestsPerSecond: 1000, maxP99Ms: 50 } as const;

/** What learners type: a word, a long one, a prefix, a typo, two words, a word every seeded thread holds, and a deep page of one kind. */
const QUERIES = ['q=join', 'q=normalization', 'q=norm', 'q=joni', 'q=group%20by', 'q=query', 'q=select&kind=qna&page=20'] as const;

export async function measureSearch(options: BenchOptions, token: string, env: NodeJS.ProcessEnv, say: (message: string) => void): Promise<{ rows: BenchRow[]; verdicts: string[]; failed: boolean }> {
  const { state, startSeconds } = await prepareQna(options, token, env, say);
  const edge = (path: string) => ({ url: apiUrl(options.edgeUrl, path), headers: { [AUTH_HEADER]: token } });
  const label = (call: string) => rowLabel(call, 'edge', options.edgeUrl);
  for (const query of QUERIES) {
    const response = await fetch(apiUrl(options.edgeUrl, `/search?${query}`), { headers: { [AUTH_HEADER]: token }, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { total?: number; missing?: string[] };
    say(`GET /api/search?${query}: ${response.status}, ${body.total ?? '?'} results${body.missing?.length ? `, missing ${body.missing.join(', ')}` : ''}`);
  }
  const loadBefore = loadavg()[0]!;
  say(`${state.total} questions; through the edge, ${options.connections} connections: 2 s warm-up each, then two turns of ${Math.round(options.durationSeconds / 2)} s over all calls`);
  const rows = (await measureInTurns(options, [
    { call: label('GET /api/users/me (reference)'), target: edge('/users/me') },
    ...QUERIES.map((query) => ({ call: label(`GET /api/search?${query}`), target: edge(`/search?${query}`) })),
  ])) as BenchRow[];
  const loadAfter = loadavg()[0]!;
  const [reference, ...searches] = rows as [BenchRow, ...BenchRow[]];
  const verdicts = [
    `svc-community with ${state.total} questions (read model and search index): answering ${startSeconds.toFixed(1)} s after SIGKILL — target ≤ ${QNA_TARGET.maxStartSeconds} s: ${startSeconds <= QNA_TARGET.maxStartSeconds ? 'met' : 'NOT met'}`,
    ...searches.map((row) => {
      const met = row.requestsPerSecond >= SEARCH_TARGET.minRequestsPerSecond && row.p99Ms < SEARCH_TARGET.maxP99Ms && row.errors === 0 && row.non2xx === 0;
      return `${row.call}: ${row.requestsPerSecond.toFixed(0)} req/s (/users/me ${reference.requestsPerSecond.toFixed(0)}), p99 ${row.p99Ms} ms — target ≥ ${SEARCH_TARGET.minRequestsPerSecond} req/s with p99 < ${SEARCH_TARGET.maxP99Ms} ms: ${met ? 'met' : 'NOT met'}`;
    }),
    `load average (1 min) ${loadBefore.toFixed(1)} before the calls, ${loadAfter.toFixed(1)} after (2 cores)`,
  ];
  return { rows, verdicts, failed: rows.some((row) => row.total === 0) };
}
