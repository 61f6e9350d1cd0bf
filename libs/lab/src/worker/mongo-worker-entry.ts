import { serveMongoJobs, type MongoWorkerScope } from './mongo-worker.js';

// The mongo worker's entry (@dblearn/lab/mongo-worker), for a worker only: each remote's build
// bundles it on its own (@dblearn/federation RUNNABLE_WORKERS). In a worker, globalThis is its global scope.
serveMongoJobs(globalThis as unknown as MongoWorkerScope);
