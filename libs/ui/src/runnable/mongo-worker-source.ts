import { SQL_RESULT_BYTE_CAPS } from '@dblearn/contracts';
import { deepFreeze, type MingoEngine, type MongoCollections, type MongoQuery, type MongoResultCaps, runMingoQuery } from '@dblearn/lab';
import { MONGO_SENT_DOCUMENTS } from './mongo-result.js';

/** The lab's mongo engine (@dblearn/lab mongo-lab-engine), handed to the worker as source text: the server grades with the same functions. */
interface MongoLabFunctions {
  runMingoQuery: typeof runMingoQuery;
  deepFreeze: typeof deepFreeze;
}

/**
 * The mongo worker's body, sent as source text (see WorkerRunner): it loads mingo's browser bundle,
 * parses the course's JSON sandbox once per source (frozen: the next run sees it as it was, whatever
 * a query's stages do) and runs each parsed query on it, capped like SQL's results.
 */
function mongoWorkerMain(mingoUrl: string, sent: number, caps: MongoResultCaps, lab: MongoLabFunctions) {
  const scope = self as unknown as {
    importScripts(url: string): void;
    mingo?: MingoEngine;
    postMessage(message: unknown): void;
    onmessage: ((event: MessageEvent<{ id: number; sandbox: string; query: MongoQuery }>) => void) | null;
  };
  let loadError: string | null = null;
  try {
    scope.importScripts(mingoUrl);
  } catch (error) {
    loadError = `The query engine could not load: ${error instanceof Error ? error.message : String(error)}`;
  }
  let built: { source: string; collections: MongoCollections } | null = null;
  scope.onmessage = (event) => {
    const { id, sandbox, query } = event.data;
    let result: unknown;
    try {
      if (loadError || !scope.mingo) throw new Error(loadError ?? 'The query engine could not load.');
      if (!built || built.source !== sandbox) built = { source: sandbox, collections: lab.deepFreeze(sandbox.trim() === '' ? {} : (JSON.parse(sandbox) as MongoCollections)) };
      const found = lab.runMingoQuery(scope.mingo, built.collections, query, caps);
      result = { kind: 'documents', documents: found.slice(0, sent), total: found.length };
    } catch (error) {
      result = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage({ id, result });
  };
}

/** The worker's script text: its body called with mingo's URL, the caps and the engine's functions. */
export function mongoWorkerSource(mingoUrl: string): string {
  const lab = `{ runMingoQuery: ${runMingoQuery.toString()}, deepFreeze: ${deepFreeze.toString()} }`;
  return `(${mongoWorkerMain.toString()})(${JSON.stringify(mingoUrl)}, ${MONGO_SENT_DOCUMENTS}, ${JSON.stringify(SQL_RESULT_BYTE_CAPS)}, ${lab});`;
}
