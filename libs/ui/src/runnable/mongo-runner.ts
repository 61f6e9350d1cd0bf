import { type MongoWorkerMessage, parseMongoQuery } from '@dblearn/lab';
import mingoUrl from 'mingo/dist/mingo.min.js?url';
import { runnableWorkerUrl, startCrossOriginWorker } from './cross-origin-worker.js';
import type { MongoRunResult } from './mongo-result.js';
import { RUN_LIMIT_MS, TIMED_OUT_MESSAGE } from './sql-result.js';
import { WorkerRunner } from './worker-runner.js';

/**
 * Runs ```mongo queries with mingo in the page's mongo worker (@dblearn/lab/mongo-worker, bundled by
 * the remote's build), stopped after RUN_LIMIT_MS like SQL.
 * The query is parsed here (strict JSON, never evaluated); only its parsed form crosses to the worker.
 */
class MongoRunner {
  private readonly worker = new WorkerRunner<{ sandbox: string; query: unknown }, MongoRunResult>({
    start: () => startCrossOriginWorker(runnableWorkerUrl('mongo-worker'), 'mongo-worker'),
    greeting: (): MongoWorkerMessage => ({ engine: { mingoUrl: new URL(mingoUrl, document.baseURI).href } }),
    limitMs: RUN_LIMIT_MS,
    timedOutMessage: TIMED_OUT_MESSAGE,
    engineName: 'query engine',
  });

  run(sandbox: string, text: string): Promise<MongoRunResult> {
    const parsed = parseMongoQuery(text);
    if ('error' in parsed) return Promise.resolve({ kind: 'error', message: parsed.error, ...(parsed.line === undefined ? {} : { line: parsed.line }) });
    return this.worker.post({ sandbox, query: parsed.query });
  }
}

export const mongoRunner = new MongoRunner();
