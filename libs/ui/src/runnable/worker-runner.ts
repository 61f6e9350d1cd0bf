import type { RunFailure } from './run-error.js';

/** An answer every runnable worker can give: its own result, or why it failed. */
type WithError<Result> = Result | RunFailure;

interface Pending<Result> {
  resolve: (result: WithError<Result>) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Runs jobs in one Web Worker shared by every runnable block of the page, made by `start()` (a
 * CrossOriginWorker over the bundler's worker chunk) and sent `greeting()` first (where its engine
 * is). A job over `limitMs` ends the worker (the only way to stop a query mid-run) and answers
 * `timedOutMessage`; the next job starts a new worker.
 */
export class WorkerRunner<Request, Result> {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending<Result>>();

  constructor(private readonly options: { start: () => Worker; greeting: () => unknown; limitMs: number; timedOutMessage: string; engineName: string }) {}

  post(request: Request): Promise<WithError<Result>> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.stop(this.options.timedOutMessage), this.options.limitMs);
      this.pending.set(id, { resolve, timer });
      worker.postMessage({ id, ...request });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.options.start();
    worker.onmessage = (event: MessageEvent<{ id: number; result: WithError<Result> }>) => {
      const waiting = this.pending.get(event.data.id);
      if (!waiting) return;
      clearTimeout(waiting.timer);
      this.pending.delete(event.data.id);
      waiting.resolve(event.data.result);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.stop(`The ${this.options.engineName} could not start: ${event.message || 'unknown error'}.`);
    };
    worker.postMessage(this.options.greeting());
    this.worker = worker;
    return worker;
  }

  /** Ends the worker and answers every waiting job with `message`. */
  private stop(message: string) {
    this.worker?.terminate();
    this.worker = null;
    for (const waiting of this.pending.values()) {
      clearTimeout(waiting.timer);
      waiting.resolve({ kind: 'error', message });
    }
    this.pending.clear();
  }
}
