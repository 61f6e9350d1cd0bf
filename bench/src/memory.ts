import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { AUTH_HEADER, type Course, type Tutorial } from '@dblearn/contracts';
import { signIn } from './content.js';
import { apiUrl, type BenchOptions } from './options.js';
import { launchedChild, platformDataDir } from './platform.js';

// `npm run bench -- --memory` (issue 20): what svc-content and the gateway hold in memory for the
// curriculum plus 10,000 tutorials, each read once (so every item cache and the search index has
// them). Resident memory from /proc, before and after, for the two processes that keep items.

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

/** Resident set size of a process in MiB (VmRSS in /proc/<pid>/status). */
function residentMiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new MemoryBenchError(`/proc/${pid}/status has no VmRSS.`);
  return Number(line[1]) / 1024;
}

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
  const resident = () => processes.map((child) => residentMiB(child.pid));
  const token = await signIn(options, env);
  const before = resident();
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
  const after = resident();
  return processes.map(
    (child, index) =>
      `${child.name}: ${before[index]!.toFixed(0)} MiB resident before, ${after[index]!.toFixed(0)} MiB with ${MEMORY_BENCH_TUTORIALS.toLocaleString('en')} more tutorials read once (+${(after[index]! - before[index]!).toFixed(0)} MiB)`,
  );
}
