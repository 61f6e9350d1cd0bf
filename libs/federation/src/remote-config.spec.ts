import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { remoteRspackConfig } from './remote-config.js';

// A real remote's folder: its package.json and its msw devDependency are what the config reads.
const qna = remoteRspackConfig({ name: 'qna', root: new URL('../../../mf-qna/rspack.config.ts', import.meta.url).href }, {});

describe('remoteRspackConfig --env alone', () => {
  it('starts the remote on its msw handlers with no proxy, serving the worker script from node_modules', () => {
    const config = qna({ alone: true }, { mode: 'development' });
    expect(config.entry).toEqual({ main: './testing/alone/index.ts' });
    expect(config.devServer?.proxy).toEqual([]);
    const { directory } = config.devServer?.static as { directory: string };
    expect(directory).toMatch(/node_modules[\\/]msw[\\/]lib$/);
    expect(existsSync(join(directory, 'mockServiceWorker.js'))).toBe(true);
  });

  it('changes nothing without it, and nothing in a production build even with it', () => {
    const development = qna(undefined, { mode: 'development' });
    expect(development.entry).toEqual({ main: './src/index.ts' });
    expect(development.devServer?.proxy).toEqual([expect.objectContaining({ context: ['/api'] })]);
    expect(development.devServer).not.toHaveProperty('static');
    expect(qna({ alone: true }, { mode: 'production' })).toEqual(qna(undefined, { mode: 'production' }));
  });
});
