import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { remoteRspackConfig, RUNNABLE_WORKERS, WORKERS_FOLDER } from './remote-config.js';

// A real remote's folder: its package.json and its msw devDependency are what the config reads.
const qnaConfigs = remoteRspackConfig({ name: 'qna', root: new URL('../../../mf-qna/rspack.config.ts', import.meta.url).href }, {});
const qna = (...args: Parameters<typeof qnaConfigs>) => qnaConfigs(...args)[0]!;

/** The dev server of a development config (rspack types `devServer` as possibly `false`). */
function devServerOf(config: ReturnType<typeof qna>) {
  if (!config.devServer) throw new Error('The config has no dev server.');
  return config.devServer;
}

describe('remoteRspackConfig --env alone', () => {
  it('starts the remote on its msw handlers with no proxy, serving the worker script from node_modules', () => {
    const config = qna({ alone: true }, { mode: 'development' });
    expect(config.entry).toEqual({ main: './testing/alone/index.ts' });
    expect(devServerOf(config).proxy).toEqual([]);
    const { directory } = devServerOf(config).static as { directory: string };
    expect(directory).toMatch(/node_modules[\\/]msw[\\/]lib$/);
    expect(existsSync(join(directory, 'mockServiceWorker.js'))).toBe(true);
  });

  it('changes nothing without it, and nothing in a production build even with it', () => {
    const development = qna(undefined, { mode: 'development' });
    expect(development.entry).toEqual({ main: './src/index.ts' });
    expect(devServerOf(development).proxy).toEqual([expect.objectContaining({ context: ['/api'] })]);
    expect(development.devServer).not.toHaveProperty('static');
    expect(qna({ alone: true }, { mode: 'production' })).toEqual(qna(undefined, { mode: 'production' }));
  });
});

describe('remoteRspackConfig, the runnable workers', () => {
  it('bundles them by a compiler of their own (no federation runtime) into the folder the main build keeps', () => {
    const [main, workers] = qnaConfigs(undefined, { mode: 'production' });
    expect(workers?.entry).toEqual(RUNNABLE_WORKERS);
    expect(workers?.target).toEqual(['webworker', 'es2022']);
    expect(workers?.plugins?.map((plugin) => plugin?.constructor.name)).not.toContain('ModuleFederationPlugin');
    expect(workers?.output?.path).toBe(join(main?.output?.path ?? '', WORKERS_FOLDER));
    const { keep } = main?.output?.clean as { keep: (path: string) => boolean };
    expect(keep(join(main?.output?.path ?? '', WORKERS_FOLDER, 'sql-worker.js'))).toBe(true);
    expect(keep(join(main?.output?.path ?? '', 'static/js/main.js'))).toBe(false);
  });
});
