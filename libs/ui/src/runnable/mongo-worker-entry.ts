import { serveMongoJobs, type MongoWorkerScope } from './mongo-worker.js';

// The mongo worker's entry (@dblearn/ui/mongo-worker): the remote's build bundles it on its own (@dblearn/federation RUNNABLE_WORKERS).
serveMongoJobs(self as unknown as MongoWorkerScope);
