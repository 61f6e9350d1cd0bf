import { loadavg } from 'node:os';
import { AUTH_HEADER, QNA_LIVE, type QnaLiveEvent } from '@dblearn/contracts';
import { measureCall } from './load.js';
import { apiUrl, type BenchOptions } from './options.js';
import { rowLabel, type BenchRow } from './table.js';

// `npm run bench -- --live` (issue 22): 1,000 open live Q&A streams (GET /api/live/qna, Server-Sent
// Events) on the gateway, how long a reply takes to reach every one of them, and whether the API
// slows down meanwhile (GET /api/users/me through the edge, alone and beside the streams).

export const LIVE_STREAMS = 1_000;
/** Issue 22: a reply reaches another open thread in under 1 s at p99 with 1,000 streams open. */
export const LIVE_TARGET_P99_MS = 1_000;
/** A question and its replies: within the Q&A's 10 writes a minute per user. */
const REPLIES = 8;

export class LiveBenchError extends Error {}

interface OpenStream {
  /** When each new reply's change arrived on this stream, by the reply's id. */
  arrivals: Map<string, number>;
  close(): void;
}

/** Opens one stream on the gateway (not the edge, whose per-address cap stands for 64 browsers, not 1,000). */
async function openStream(options: BenchOptions, token: string): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(apiUrl(options.baseUrl, QNA_LIVE.path), { headers: { [AUTH_HEADER]: token, accept: 'text/event-stream' }, signal: controller.signal });
  if (response.status !== 200 || !response.body) {
    controller.abort();
    throw new LiveBenchError(`GET /api${QNA_LIVE.path} answered ${response.status}: start the platform with LIVE_CONNECTIONS_PER_USER=${LIVE_STREAMS} LIVE_CONNECTIONS_PER_ADDRESS=${LIVE_STREAMS} (the bench is one user on one address).`);
  }
  const arrivals = new Map<string, number>();
  const decoder = new TextDecoder();
  let pending = '';
  void (async () => {
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        const now = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        const frames = pending.split('\n\n');
        pending = frames.pop() ?? '';
        for (const frame of frames) {
          if (!frame.includes(`event: ${QNA_LIVE.changeEvent}`)) continue;
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          const change = data ? (JSON.parse(data) as QnaLiveEvent) : undefined;
          if (change?.kind === 'replied' && change.replyId) arrivals.set(change.replyId, now);
        }
      }
    } catch {
      // Closed by the bench.
    }
  })();
  return { arrivals, close: () => controller.abort() };
}

async function write(options: BenchOptions, token: string, method: string, path: string, body: object): Promise<{ _id: string; replies?: { _id: string }[] }> {
  const response = await fetch(apiUrl(options.edgeUrl, path), {
    method,
    headers: { [AUTH_HEADER]: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new LiveBenchError(`${method} /api${path} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as { _id: string; replies?: { _id: string }[] };
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

export async function measureLive(options: BenchOptions, token: string, say: (message: string) => void): Promise<{ rows: BenchRow[]; verdicts: string[]; failed: boolean }> {
  const edge = { url: apiUrl(options.edgeUrl, '/users/me'), headers: { [AUTH_HEADER]: token } };
  const alone = await measureCall(options, rowLabel('GET /api/users/me, no stream open', 'edge', options.edgeUrl), edge);
  say(`opening ${LIVE_STREAMS} live streams on ${options.baseUrl.origin}`);
  const streams: OpenStream[] = [];
  try {
    for (let index = 0; index < LIVE_STREAMS; index += 50) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, LIVE_STREAMS - index) }, () => openStream(options, token)))));
    }
    const beside = await measureCall(options, rowLabel(`GET /api/users/me, ${LIVE_STREAMS} streams open`, 'edge', options.edgeUrl), edge);
    say(`posting a question and ${REPLIES} replies through the edge, one a second; each change timed to its arrival on every stream`);
    const latencies: number[] = [];
    const question = await write(options, token, 'POST', '/qna', { topic: 'sql', title: `Live bench ${Date.now()}: does every stream hear this?`, description: 'A question the live bench posts and answers.' });
    for (let reply = 0; reply < REPLIES; reply += 1) {
      const sent = performance.now();
      const answered = await write(options, token, 'POST', `/qna/${question._id}/replies`, { reply: `Reply ${reply + 1} from the live bench, heard by every stream.` });
      const replyId = answered.replies?.at(-1)?._id;
      if (!replyId) throw new LiveBenchError('POST /api/qna/{id}/replies answered no reply.');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const stream of streams) {
        const arrived = stream.arrivals.get(replyId);
        latencies.push(arrived === undefined ? Infinity : arrived - sent);
      }
    }
    latencies.sort((a, b) => a - b);
    const missed = latencies.filter((value) => value === Infinity).length;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const drop = 1 - beside.requestsPerSecond / alone.requestsPerSecond;
    return {
      rows: [alone, beside],
      verdicts: [
        `a reply reaches all ${LIVE_STREAMS} streams: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms over ${latencies.length} arrivals, ${missed} missed — target p99 < ${LIVE_TARGET_P99_MS} ms: ${p99 < LIVE_TARGET_P99_MS && missed === 0 ? 'met' : 'NOT met'}`,
        `GET /api/users/me with ${LIVE_STREAMS} streams open: ${beside.requestsPerSecond.toFixed(0)} req/s (p99 ${beside.p99Ms} ms) against ${alone.requestsPerSecond.toFixed(0)} (p99 ${alone.p99Ms} ms) with none: ${(drop * 100).toFixed(0)} % slower`,
        `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} (2 cores)`,
      ],
      failed: missed > 0,
    };
  } finally {
    for (const stream of streams) stream.close();
  }
}
