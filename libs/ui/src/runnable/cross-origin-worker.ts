/** The remote's public path at run time (rspack's `output.publicPath: 'auto'`: where its files were loaded from). */
declare const __webpack_public_path__: string;

export type RunnableWorker = 'sql-worker' | 'mongo-worker';

/**
 * Where the remote's build puts a runnable worker's bundle (@dblearn/federation RUNNABLE_WORKERS,
 * under WORKERS_FOLDER): beside its chunks, on the remote's origin.
 */
export function runnableWorkerUrl(name: RunnableWorker, publicPath: string = __webpack_public_path__): string {
  return new URL(`static/workers/${name}.js`, new URL(publicPath, document.baseURI)).href;
}

/** One Blob URL per worker script: a one-line script, kept for the page's life (a worker restarts after a time-out). */
const starters = new Map<string, string>();

/**
 * A classic worker running the script at `url`. A worker script must come from the page's origin,
 * and a remote's files may be served from another, so the worker starts from a same-origin Blob
 * whose one line is `importScripts(url)` (a classic worker may import a script from any origin the
 * page's script-src allows).
 */
export function startCrossOriginWorker(url: string, name: RunnableWorker): Worker {
  let starter = starters.get(url);
  if (!starter) {
    starter = URL.createObjectURL(new Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' }));
    starters.set(url, starter);
  }
  return new Worker(starter, { name });
}
