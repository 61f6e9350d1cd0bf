import { AUTH_HEADER, PAGE_SIZE } from '@dblearn/contracts';
import { apiUrl, BenchUsageError, parseBenchOptions, type BenchOptions } from './options.js';
import { AttemptsBenchError, measureAttempts } from './attempts.js';
import { BrowserBenchError, measureBrowser } from './browser.js';
import { load, toRow, WARMUP_SECONDS } from './load.js';
import { measureQna, QnaBenchError, qnaState } from './qna.js';
import { measureSearch } from './search.js';
import { measurePractice, PracticeBenchError } from './practice.js';
import { measureMemory, MemoryBenchError } from './memory.js';
import { LiveBenchError, measureLive } from './live.js';
import { PlatformStateError } from './platform.js';
import { ContentBenchError, contentCalls, loadBenchContent } from './content.js';
import { measurePeer } from './peer/bench.js';
import { PeerServerError } from './peer/server.js';
import { PeerSourceError } from './peer/source.js';
import { BenchError, checkReachable, registerThrowawayUser, START_HINT } from './session.js';
import { contentVerdicts, edgeShareLines, formatTable, mergeRows, rowLabel, targetVerdict, type BenchRow } from './table.js';

// `npm run bench`: load-tests the running platform's hot calls and prints a table of the results.

function say(message: string): void {
  process.stdout.write(`[bench] ${message}\n`);
}

interface Target {
  call: string;
  base: URL;
  path: string;
  headers?: Record<string, string>;
}

/**
 * One call straight to the gateway and through the edge, in halves ordered gateway, edge, edge,
 * gateway: the two paths see the same machine on average, however its load drifts meanwhile.
 */
async function measurePair(options: BenchOptions, gateway: Target, edge: Target): Promise<BenchRow[]> {
  const half = Math.max(1, Math.round(options.durationSeconds / 2));
  say(`${gateway.call} / ${edge.call}: ${WARMUP_SECONDS} s warm-up each, then 4 × ${half} s alternating, ${options.connections} connections`);
  const loadOf = ({ base, path, headers }: Target) => ({ url: apiUrl(base, path), headers });
  await load(options, loadOf(gateway), WARMUP_SECONDS);
  await load(options, loadOf(edge), WARMUP_SECONDS);
  const parts: Record<'gateway' | 'edge', BenchRow[]> = { gateway: [], edge: [] };
  for (const [path, target] of [['gateway', gateway], ['edge', edge], ['edge', edge], ['gateway', gateway]] as const) {
    parts[path].push(toRow(target.call, await load(options, loadOf(target), half)));
  }
  return [mergeRows(gateway.call, parts.gateway), mergeRows(edge.call, parts.edge)];
}

async function main(): Promise<number> {
  const options = parseBenchOptions(process.argv.slice(2), process.env);
  // Issue 20: the SQL4U peer beside the platform (bench/src/peer); without SQL4U_SRC it only says how to get it.
  if (options.peer) return measurePeer(options, process.env, say);
  say(`gateway ${options.baseUrl.origin}, edge ${options.edgeUrl.origin}`);
  await checkReachable(options.baseUrl, say);
  await checkReachable(options.edgeUrl, say);
  if (options.browser) {
    // Issue 11: the runnable blocks' first Run and later runs in Chromium (bench/src/browser.ts).
    const { lines, failed } = await measureBrowser(options, process.env, say);
    process.stdout.write(`\n${lines.join('\n')}\n`);
    return failed ? 1 : 0;
  }
  if (options.memory) {
    // Issue 20: svc-content's and the gateway's memory with 10,000 more tutorials read once.
    process.stdout.write(`\n${(await measureMemory(options, process.env, say)).join('\n')}\n`);
    return 0;
  }
  const token = await registerThrowawayUser(options.baseUrl, say);
  if (options.attempts) {
    // Issue 11: the SQL attempt call through the edge, beside /users/me.
    const { rows, verdicts } = await measureAttempts(options, token, say);
    process.stdout.write(`\n${formatTable(rows)}\n\n${verdicts.join('\n')}\n`);
    return rows.some((row) => row.total === 0) ? 1 : 0;
  }
  if (options.live) {
    // Issue 22: a reply's arrival on 1,000 open live streams, and the API beside them.
    const { rows, verdicts, failed } = await measureLive(options, token, say);
    process.stdout.write(`\n${formatTable(rows)}\n\n${verdicts.join('\n')}\n`);
    return failed ? 1 : 0;
  }
  if (options.search) {
    // Issue 22: GET /api/search at 100,000 Q&A threads plus the shipped curriculum, through the edge.
    const { rows, verdicts, failed } = await measureSearch(options, token, process.env, say);
    process.stdout.write(`\n${formatTable(rows)}\n\n${verdicts.join('\n')}\n`);
    return failed ? 1 : 0;
  }
  if (options.practice) {
    // Issue 34: the practice list with 250 exercises and 10,000 learners' progress, through the edge.
    const { rows, verdicts, failed } = await measurePractice(options, process.env, say);
    process.stdout.write(`\n${formatTable(rows)}\n\n${verdicts.join('\n')}\n`);
    return failed ? 1 : 0;
  }
  if (options.qna) {
    const { rows, verdicts, failed } = await measureQna(options, token, process.env, say);
    process.stdout.write(`\n${formatTable(rows)}\n\n${verdicts.join('\n')}\n`);
    return failed ? 1 : 0;
  }
  let calls: Array<{ call: string; path: string; headers?: Record<string, string> }>;
  if (options.content) {
    // Issues 7 and 8: the content lists with 1,000 courses and 10,000 interview questions loaded.
    await loadBenchContent(options, process.env, say);
    calls = await contentCalls(options, token);
  } else {
    calls = [
      { call: 'GET /api/users/me', path: '/users/me', headers: { [AUTH_HEADER]: token } },
      { call: 'GET /api/health', path: '/health' },
    ];
    // Q&A (issue 9): the first and a deep page of the list, and the newest question whole.
    const qna = await qnaState(options, token);
    if (qna?.id) {
      const deepPage = Math.max(1, Math.min(5000, Math.ceil(qna.total / PAGE_SIZE)));
      say(`Q&A: ${qna.total} questions; the most-answered of the newest 100 has ${qna.replyCount} replies (npm run bench -- --qna loads 100,000)`);
      calls.push(
        { call: `GET /api/qna?page=1&pageSize=${PAGE_SIZE}`, path: `/qna?page=1&pageSize=${PAGE_SIZE}`, headers: { [AUTH_HEADER]: token } },
        { call: `GET /api/qna?page=${deepPage}&pageSize=${PAGE_SIZE}`, path: `/qna?page=${deepPage}&pageSize=${PAGE_SIZE}`, headers: { [AUTH_HEADER]: token } },
        { call: `GET /api/qna/{id} (${qna.replyCount} replies)`, path: `/qna/${qna.id}`, headers: { [AUTH_HEADER]: token } },
      );
    }
  }
  // Each call straight to the gateway and through the edge, alternating.
  const rows: BenchRow[] = [];
  for (const { call, ...rest } of calls) {
    const gateway = { ...rest, call: rowLabel(call, 'gateway', options.baseUrl), base: options.baseUrl };
    const edge = { ...rest, call: rowLabel(call, 'edge', options.edgeUrl), base: options.edgeUrl };
    rows.push(...(await measurePair(options, gateway, edge)));
  }

  process.stdout.write(`\n${formatTable(rows)}\n\n`);
  for (const line of [targetVerdict(rows), ...contentVerdicts(rows), ...edgeShareLines(rows)]) if (line) process.stdout.write(`${line}\n`);
  const dead = rows.filter((row) => row.total === 0 || row.errors >= row.total);
  if (dead.length) throw new BenchError(`No answer during the run for ${dead.map((row) => row.call).join(', ')}. ${START_HINT}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof BenchUsageError || error instanceof BenchError || error instanceof ContentBenchError || error instanceof AttemptsBenchError || error instanceof BrowserBenchError ||
      error instanceof QnaBenchError ||
      error instanceof PracticeBenchError ||
      error instanceof MemoryBenchError ||
      error instanceof LiveBenchError ||
      error instanceof PlatformStateError ||
      error instanceof PeerSourceError ||
      error instanceof PeerServerError
    ) {
      process.stderr.write(`[bench] error: ${error.message}\n`);
      process.exit(error instanceof BenchUsageError || error instanceof PeerSourceError ? 2 : 1);
    }
    process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
