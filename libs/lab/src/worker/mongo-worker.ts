import { SQL_RESULT_BYTE_CAPS } from '@dblearn/contracts';
import { deepFreeze, type MingoEngine, runMingoQuery } from '../mongo-lab-engine.js';
import type { MongoCollections } from '../mongo-lab.js';
import { MONGO_SENT_DOCUMENTS, type MongoWorkerAnswer, type MongoWorkerMessage, type WorkerReply } from './protocol.js';

/** What the worker uses of its global scope (the entry hands the worker's own; a test hands its own). */
export interface MongoWorkerScope {
  importScripts(url: string): void;
  mingo?: MingoEngine;
  postMessage(message: WorkerReply<MongoWorkerAnswer>): void;
  onmessage: ((event: { data: MongoWorkerMessage }) => void) | null;
}

/**
 * The mongo worker: it loads mingo's browser bundle from its first message's URL, parses the
 * course's JSON sandbox once per source (frozen: the next run sees it as it was, whatever a
 * query's stages do) and runs each parsed query on it, capped like SQL's results.
 */
export function serveMongoJobs(scope: MongoWorkerScope): void {
  let loadError: string | null = 'The query engine was not started.';
  let built: { source: string; collections: MongoCollections } | null = null;
  scope.onmessage = (event) => {
    const message = event.data;
    if ('engine' in message) {
      try {
        scope.importScripts(message.engine.mingoUrl);
        loadError = null;
      } catch (error) {
        loadError = `The query engine could not load: ${error instanceof Error ? error.message : String(error)}`;
      }
      return;
    }
    const { id, sandbox, query } = message;
    let result: MongoWorkerAnswer;
    try {
      if (loadError || !scope.mingo) throw new Error(loadError ?? 'The query engine could not load.');
      if (!built || built.source !== sandbox) built = { source: sandbox, collections: deepFreeze(sandbox.trim() === '' ? {} : (JSON.parse(sandbox) as MongoCollections)) };
      const found = runMingoQuery(scope.mingo, built.collections, query, SQL_RESULT_BYTE_CAPS);
      result = { kind: 'documents', documents: found.slice(0, MONGO_SENT_DOCUMENTS), total: found.length };
    } catch (error) {
      result = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage({ id, result });
  };
}
