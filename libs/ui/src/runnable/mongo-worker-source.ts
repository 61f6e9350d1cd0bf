import { runMongoQuery, MONGO_SENT_DOCUMENTS, type MingoEngine } from './mongo-result.js';
import type { MongoCollections, MongoQuery } from '@dblearn/contracts';

/**
 * The mongo worker's body, sent as source text (see WorkerRunner): it loads mingo's browser bundle,
 * parses the course's JSON sandbox once per source and runs each parsed query on it with `run`.
 */
function mongoWorkerMain(mingoUrl: string, run: typeof runMongoQuery, sent: number) {
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
      if (!built || built.source !== sandbox) built = { source: sandbox, collections: sandbox.trim() === '' ? {} : (JSON.parse(sandbox) as MongoCollections) };
      result = run(scope.mingo, built.collections, query, sent);
    } catch (error) {
      result = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage({ id, result });
  };
}

/** The worker's script text: its body called with mingo's URL and the run function. */
export function mongoWorkerSource(mingoUrl: string): string {
  return `(${mongoWorkerMain.toString()})(${JSON.stringify(mingoUrl)}, ${runMongoQuery.toString()}, ${MONGO_SENT_DOCUMENTS});`;
}
