import { loadavg } from 'node:os';
import { AUTH_HEADER, type Course, type Tutorial } from '@dblearn/contracts';
import { signIn } from './content.js';
import { apiUrl, type BenchOptions } from './options.js';
import { launchedChild, platformDataDir } from './platform.js';

// `npm run bench -- --memory` (issue 20): what svc-content and the gateway hold in memory for the
// curriculum plus 10,000 tutorials, each read once (so every item cache and the search index has
// them). Each process's memory after a full garbage collection, before and after (see memoryOf).

export const MEMORY_BENCH_TUTORIALS = 10_000;
const TUTORIALS_PER_COURSE = 100;
/** Requests in flight while loading and reading: the admin's writes queue per item anyway. */
const IN_FLIGHT = 8;
/** About what a shipped lesson holds (content/: ~124 kB of Markdown over 48 lessons). */
const DETAIL = [
  'A join combines rows of two tables on a condition; the result has a column for each column of both.',
  '```sql',
  'SELECT s.name, c.title FROM student s JOIN enrollment e ON e.student_id = s.id JOIN course c ON c.id = e.course_id;',
  '```',
  'An outer join keeps the rows without a partner, with NULL in the other table\'s columns.',
].join('\n');

export class MemoryBenchError extends Error {}

/** Node's inspector port, opened in a running process by SIGUSR1 (Node's documented way). */
const INSPECTOR = 'http://127.0.0.1:9229';

interface Memory {
  /** V8 heap in use after a full garbage collection, MiB. */
  heapMiB: number;
  /** Buffers outside the heap (gzipped answers, sql.js files), MiB. */
  externalMiB: number;
  /** Resident set size (worker threads and WASM included), MiB. */
  residentMiB: number;
}

const mib = (bytes: number) => bytes / 1024 / 1024;

/**
 * What a process holds once its garbage is collected: SIGUSR1 opens its inspector on loopback, the
 * DevTools protocol collects garbage twice and reads process.memoryUsage(), then closes the inspector.
 * Resident memory alone would count garbage a busy process had not collected yet.
 */
async function memoryOf(pid: number): Promise<Memory> {
  process.kill(pid, 'SIGUSR1');
  let targets: { webSocketDebuggerUrl: string }[] = [];
  for (let attempt = 0; attempt < 20 && targets.length === 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    targets = await fetch(`${INSPECTOR}/json/list`).then((response) => response.json() as Promise<typeof targets>, () => []);
  }
  const target = targets[0];
  if (!target) throw new MemoryBenchError(`Process ${pid} opened no inspector on ${INSPECTOR} (is the port taken?).`);
  // Node's WebSocket does not keep the event loop alive on its own.
  const keepAlive = setInterval(() => undefined, 1_000);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new MemoryBenchError(`Could not reach the inspector of process ${pid}.`));
  });
  const waiting = new Map<number, (result: unknown) => void>();
  socket.onmessage = (message) => {
    const answer = JSON.parse(String(message.data)) as { id?: number; result?: unknown };
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer.result);
  };
  let nextId = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      nextId += 1;
      const timer = setTimeout(() => reject(new MemoryBenchError(`The inspector of process ${pid} did not answer ${method}.`)), 30_000);
      waiting.set(nextId, (result) => {
        clearTimeout(timer);
        resolve(result);
      });
      socket.send(JSON.stringify({ id: nextId, method, params }));
    });
  try {
    await send('HeapProfiler.enable');
    await send('HeapProfiler.collectGarbage');
    await send('HeapProfiler.collectGarbage');
    const read = (await send('Runtime.evaluate', { expression: 'JSON.stringify(process.memoryUsage())', returnByValue: true })) as { result: { value: string } };
    const usage = JSON.parse(read.result.value) as NodeJS.MemoryUsage;
    return { heapMiB: mib(usage.heapUsed), externalMiB: mib(usage.external), residentMiB: mib(usage.rss) };
  } finally {
    // Leave the process as it was: no inspector listening.
    await send('Runtime.evaluate', { expression: "process.getBuiltinModule('node:inspector').close()" }).catch(() => undefined);
    socket.close();
    clearInterval(keepAlive);
  }
}

const described = (memory: Memory) => `heap ${memory.heapMiB.toFixed(0)} MiB, outside the heap ${memory.externalMiB.toFixed(0)} MiB, resident ${memory.residentMiB.toFixed(0)} MiB`;

/** A busy machine can make an admin write miss the gateway's bound (503): such a call is tried again, a few times. */
const TRIES = 4;

async function call<T>(options: BenchOptions, token: string, method: string, path: string, body?: object): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(apiUrl(options.baseUrl, path), {
      method,
      headers: { [AUTH_HEADER]: token, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    if (response.ok) return (await response.json()) as T;
    const text = await response.text();
    if (response.status !== 503 || attempt >= TRIES) throw new MemoryBenchError(`${method} /api${path} answered ${response.status}: ${text.slice(0, 200)}`);
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/** Runs `work(i)` for i < count with at most IN_FLIGHT at once. */
async function inFlight(count: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function measureMemory(options: BenchOptions, env: NodeJS.ProcessEnv, say: (message: string) => void): Promise<string[]> {
  const dataDir = platformDataDir(env);
  const processes = ['svc-content', 'gateway'].map((name) => launchedChild(dataDir, name));
  const measure = async () => {
    const memories: Memory[] = [];
    for (const child of processes) memories.push(await memoryOf(child.pid));
    return memories;
  };
  const token = await signIn(options, env);
  const before = await measure();
  const stamp = Date.now().toString(36);
  say(`loading ${MEMORY_BENCH_TUTORIALS} tutorials in ${MEMORY_BENCH_TUTORIALS / TUTORIALS_PER_COURSE} courses (${DETAIL.length} characters each); load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`);
  const ids: string[] = [];
  await inFlight(MEMORY_BENCH_TUTORIALS / TUTORIALS_PER_COURSE, async (courseIndex) => {
    const course = await call<Course>(options, token, 'POST', '/course', { topic: 'sql', name: `Memory ${stamp} ${courseIndex}`, teacher: 'Bench', length: '1 hour' });
    for (let index = 0; index < TUTORIALS_PER_COURSE; index += 1) {
      const tutorial = await call<Tutorial>(options, token, 'POST', '/tutorial', {
        title: `Joins ${stamp} ${courseIndex}.${index}`,
        courseId: course._id,
        content: { header: 'Joining tables', detail: DETAIL },
      });
      ids.push(tutorial._id);
    }
  });
  say(`reading each of the ${ids.length} tutorials once`);
  await inFlight(ids.length, async (index) => {
    await call<Tutorial>(options, token, 'GET', `/tutorial/${ids[index]}`);
  });
  // Let the search index and the read models take the last events.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const after = await measure();
  return processes.flatMap((child, index) => [
    `${child.name} before: ${described(before[index]!)}`,
    `${child.name} with ${MEMORY_BENCH_TUTORIALS.toLocaleString('en')} more tutorials read once: ${described(after[index]!)} (heap +${(after[index]!.heapMiB - before[index]!.heapMiB).toFixed(0)} MiB)`,
  ]);
}
