import sqlJsUrl from 'sql.js/dist/sql-wasm.js?url';
import wasmUrl from 'sql.js/dist/sql-wasm.wasm?url';
import { refusedStatement, RUN_LIMIT_MS, TIMED_OUT_MESSAGE, type SqlRunResult } from './sql-result.js';
import { sqlWorkerSource } from './sql-worker-source.js';

interface Pending {
  resolve: (result: SqlRunResult) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Runs queries on sql.js in one Web Worker shared by every runnable block of the page. A query over
 * RUN_LIMIT_MS ends the worker (the only way to stop SQLite mid-statement); the next run starts a
 * new one.
 */
class SqlRunner {
  private worker: Worker | null = null;
  private scriptUrl: string | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();

  run(sandbox: string, sql: string): Promise<SqlRunResult> {
    // Files are out of the learner's reach here as on the server (CONTRACT "Runnable SQL").
    const refusal = refusedStatement(sql);
    if (refusal) return Promise.resolve({ kind: 'error', message: refusal });
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop(TIMED_OUT_MESSAGE), RUN_LIMIT_MS);
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, sandbox, sql });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const source = sqlWorkerSource(new URL(sqlJsUrl, document.baseURI).href, new URL(wasmUrl, document.baseURI).href);
    const scriptUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    // The Blob URL lives as long as the worker: revoked at once, the script may not have loaded yet.
    const worker = new Worker(scriptUrl);
    this.scriptUrl = scriptUrl;
    worker.onmessage = (event: MessageEvent<{ id: number; result: SqlRunResult }>) => {
      const waiting = this.pending.get(event.data.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.pending.delete(event.data.id);
      waiting.resolve(event.data.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop(`The SQL engine could not start: ${event.message || 'unknown error'}.`);
    };
    this.worker = worker;
    return worker;
  }

  /** Ends the worker and answers every waiting run with `message`. */
  private stop(message: string) {
    this.worker?.terminate();
    this.worker = null;
    if (this.scriptUrl) URL.revokeObjectURL(this.scriptUrl);
    this.scriptUrl = null;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve({ kind: 'error', message });
    }
    this.pending.clear();
  }
}

export const sqlRunner = new SqlRunner();
