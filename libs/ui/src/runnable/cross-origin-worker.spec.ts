import { runnableWorkerUrl, startCrossOriginWorker } from './cross-origin-worker.js';

/** A Blob's text (jsdom's Blob has no text()). */
const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob ?? new Blob([]));
  });

describe('a runnable worker', () => {
  const started: { url: string; options?: WorkerOptions }[] = [];
  const scripts = new Map<string, Blob>();

  beforeAll(() => {
    // jsdom has neither workers nor Blob URLs: the page's side is what is checked here (Chromium runs
    // the real thing in e2e/tests/runnable-sql.spec.ts and runnable-mongo.spec.ts).
    globalThis.Worker = class {
      constructor(url: string, options?: WorkerOptions) {
        started.push({ url, options });
      }
    } as unknown as typeof Worker;
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:https://page.example/${scripts.size}`;
      scripts.set(url, blob);
      return url;
    };
  });

  it("is found under the remote's public path, on the remote's origin", () => {
    expect(runnableWorkerUrl('sql-worker', 'https://catalog.example/')).toBe('https://catalog.example/static/workers/sql-worker.js');
    expect(runnableWorkerUrl('mongo-worker', '/')).toBe(new URL('/static/workers/mongo-worker.js', document.baseURI).href);
  });

  it('starts as a classic worker from a same-origin Blob that imports its script from its own origin, one Blob per script', async () => {
    const script = 'https://catalog.example/static/workers/sql-worker.js';
    startCrossOriginWorker(script, 'sql-worker');
    startCrossOriginWorker(script, 'sql-worker');
    expect(started).toEqual([
      { url: 'blob:https://page.example/0', options: { name: 'sql-worker' } },
      { url: 'blob:https://page.example/0', options: { name: 'sql-worker' } },
    ]);
    expect(scripts.size).toBe(1);
    expect(await textOf(scripts.get('blob:https://page.example/0'))).toBe('importScripts("https://catalog.example/static/workers/sql-worker.js");');
  });
});
