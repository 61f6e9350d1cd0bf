/**
 * The whole rspack config of a remote, so a remote's own rspack.config.ts is three lines:
 *
 *   import { remoteRspackConfig } from '@dblearn/federation/rspack';
 *   export default remoteRspackConfig({ name: 'qna', root: import.meta.url });
 *
 * `rspack build --mode production` emits what the shell loads (mf-manifest.json, remoteEntry.js,
 * hashed chunks); `rspack serve --mode development` runs the remote alone (src/bootstrap.tsx) on its
 * port with /api proxied to the gateway; `rspack serve --mode development --env alone` runs it with
 * no gateway at all: its msw handlers answer /api in a service worker (`npm run start:alone`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';
import { REMOTES, remotePortVariable, type RemoteName } from './remotes.js';
import { federatedOutput, frontEndResolve, outputFileNames, precompressionPlugins, remoteFederationOptions, typeScriptRule, urlAssetRule, type PackageManifest } from './rspack.js';

export interface RemoteConfigInput {
  name: RemoteName;
  /** `import.meta.url` of the remote's rspack.config.ts: its folder holds package.json and src/. */
  root: string;
  /** The module exposed as `./App`; `./src/expose/app.tsx` by convention. */
  app?: string;
  /** The development entry for `--env alone`: starts msw's worker over the remote's handlers, then src/bootstrap. */
  aloneEntry?: string;
}

/** `--env alone` on the rspack command line. */
interface CliEnv {
  alone?: boolean;
}

interface CliArguments {
  mode?: 'development' | 'production' | 'none';
}

type Env = Record<string, string | undefined>;

/** Where `npm run dev` sends /api: GATEWAY_URL, or the gateway of a local `npm start`. */
export function devGatewayUrl(env: Env): string {
  return env.GATEWAY_URL?.trim() || 'http://127.0.0.1:3000';
}

export function devServerPort(name: RemoteName, env: Env): number {
  const value = env[remotePortVariable(name)]?.trim();
  return value ? Number(value) : REMOTES[name].port;
}

/** The page a remote runs on alone; in the shell only the manifest and its chunks are used. */
const STANDALONE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>DBLearn</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * The remote with no gateway, for development only: its own entry starts msw's worker, /api is not
 * proxied, and mockServiceWorker.js is served from the remote's msw package (never copied, never built).
 */
function aloneOnMsw(config: Configuration, entry: string, root: string): Configuration {
  const workerFolder = dirname(createRequire(root).resolve('msw/mockServiceWorker.js'));
  return {
    ...config,
    entry: { main: entry },
    devServer: { ...config.devServer, proxy: [], static: { directory: workerFolder, publicPath: '/', watch: false } },
  };
}

/**
 * The runnable blocks' workers (the lab's worker entries, libs/lab `src/worker/*-worker-entry.ts`), each a
 * bundle of its own under WORKERS_FOLDER of the remote's build, where libs/ui's `runnableWorkerUrl` finds it.
 */
export const RUNNABLE_WORKERS = { 'sql-worker': '@dblearn/lab/sql-worker', 'mongo-worker': '@dblearn/lab/mongo-worker' } as const;
export const WORKERS_FOLDER = 'static/workers';

/** What the main build's `output.clean` leaves (rspack hands it absolute paths): the workers' folder, which their compiler writes. */
const inWorkersFolder = (path: string) => /(?:^|[\\/])static[\\/]workers(?:[\\/]|$)/.test(path);

export function remoteRspackConfig({ name, root, app = './src/expose/app.tsx', aloneEntry = './testing/alone/index.ts' }: RemoteConfigInput, env: Env = process.env) {
  const here = (path: string) => fileURLToPath(new URL(path, root));
  const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as PackageManifest;

  return (cliEnv: CliEnv | undefined, argv: CliArguments): Configuration[] => {
    const production = argv.mode !== 'development';
    const config = remoteConfiguration(production);
    return [!production && cliEnv?.alone === true ? aloneOnMsw(config, aloneEntry, root) : config, workersConfiguration(production)];
  };

  /**
   * The workers, built by a compiler of their own: Module Federation puts its runtime into every
   * entry of its compilation, a `new Worker(new URL(...))` entry too, and there that runtime fails
   * (the host that provides it is not in the worker). Plain names (asked again on every load, as
   * remoteEntry.js is): the remote's code knows them without reading this build's output.
   */
  function workersConfiguration(production: boolean): Configuration {
    return {
      name: 'workers',
      mode: production ? 'production' : 'development',
      context: here('.'),
      entry: { ...RUNNABLE_WORKERS },
      target: ['webworker', 'es2022'],
      devtool: production ? false : 'cheap-module-source-map',
      output: { path: here(`./dist/${WORKERS_FOLDER}`), filename: '[name].js', publicPath: '', clean: true },
      resolve: frontEndResolve({ production }),
      module: { rules: [typeScriptRule({ development: !production })] },
      plugins: production ? precompressionPlugins() : [],
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
    };
  }

  function remoteConfiguration(production: boolean): Configuration {
    return {
      mode: production ? 'production' : 'development',
      context: here('.'),
      // src/index.ts only imports ./bootstrap: the async boundary the shared modules need.
      entry: { main: './src/index.ts' },
      target: ['web', 'es2022'],
      devtool: production ? false : 'cheap-module-source-map',
      output: {
        ...federatedOutput(name),
        path: here('./dist'),
        clean: { keep: inWorkersFolder },
        ...outputFileNames(production),
      },
      resolve: frontEndResolve({ production }),
      module: { rules: [typeScriptRule({ development: !production }), { test: /\.css$/, type: 'css/auto' }, urlAssetRule] },
      plugins: [
        // Alone, nobody provides the federation runtime: bundle it (about 18 kB more) in development.
        new ModuleFederationPlugin(remoteFederationOptions({ name, app, pkg, externalRuntime: production })),
        new rspack.HtmlRspackPlugin({ templateContent: STANDALONE_PAGE, title: `DBLearn · ${REMOTES[name].title}` }),
        ...(production ? precompressionPlugins() : []),
      ],
      optimization: { moduleIds: production ? 'deterministic' : 'named' },
      devServer: production
        ? undefined
        : {
            host: '127.0.0.1',
            port: devServerPort(name, env),
            allowedHosts: ['localhost', '127.0.0.1'],
            historyApiFallback: true,
            hot: false,
            liveReload: true,
            // The shell (another origin) may load this dev build through its manifest.
            headers: { 'Access-Control-Allow-Origin': '*' },
            proxy: [{ context: ['/api'], target: devGatewayUrl(env), xfwd: true }],
          },
    };
  }
}
