import { serveSqlJobs, type SqlWorkerScope } from './sql-worker.js';

// The SQL worker's entry (@dblearn/lab/sql-worker), for a worker only: each remote's build bundles
// it on its own (@dblearn/federation RUNNABLE_WORKERS). In a worker, globalThis is its global scope.
serveSqlJobs(globalThis as unknown as SqlWorkerScope);
