import { serveSqlJobs, type SqlWorkerScope } from './sql-worker.js';

// The SQL worker's entry (@dblearn/ui/sql-worker): the remote's build bundles it on its own (@dblearn/federation RUNNABLE_WORKERS).
serveSqlJobs(self as unknown as SqlWorkerScope);
