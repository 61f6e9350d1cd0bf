/**
 * The shell: a Module Federation 2 host (remotes registered at run time from /remotes.json).
 * Loaded by @rspack/cli through its bundled jiti; @dblearn/federation is read from its build (dist),
 * which `npm run build`/`npm run dev` make first with `tsc -b`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PackageManifest } from '@dblearn/federation/rspack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as PackageManifest;

interface CliArguments {
  mode?: 'development' | 'production' | 'none';
}

/** The federation settings, from @dblearn/federation's build: say how to make it if it is missing. */
async function federation() {
  try {
    return await import('@dblearn/federation/rspack');
  } catch (error) {
    throw new Error('@dblearn/federation is not built: run "npx tsc -b" at the repository root (or "npm run build -w shell").', {
      cause: error,
    });
  }
}

export default async (_env: unknown, argv: CliArguments): Promise<Configuration> => {
  const production = argv.mode !== 'development';
  const { chunkContentsPlugin, federatedOutput, frontEndResolve, hostFederationOptions, outputFileNames, precompressionPlugins, typeScriptRule } = await federation();
  const devServer = production ? undefined : await devServerOptions();

  return {
    mode: production ? 'production' : 'development',
    context: here('.'),
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      ...federatedOutput('shell'),
      path: here('./dist'),
      clean: true,
      ...outputFileNames(production),
    },
    resolve: frontEndResolve({ production }),
    module: {
      rules: [
        typeScriptRule({ development: !production }),
        { test: /\.css$/, type: 'css/auto' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin(hostFederationOptions(pkg)),
      new rspack.HtmlRspackPlugin({ template: './public/index.html', minify: production }),
      new rspack.CopyRspackPlugin({ patterns: [{ from: './public/favicon.svg', to: 'favicon.svg' }] }),
      // .chunk-contents.json: what each file holds, for the first-load budget check (e2e/tests/first-load.spec.ts).
      ...(production ? [...precompressionPlugins(), chunkContentsPlugin('shell')] : []),
    ],
    optimization: { moduleIds: production ? 'deterministic' : 'named' },
    performance: production ? { hints: 'warning', maxEntrypointSize: 150_000, maxAssetSize: 250_000 } : false,
    devServer,
  };
};

/**
 * `npm run dev`: the same /remotes.json and /config.json as the shell server (from its build) and
 * /api proxied to GATEWAY_URL, with client-side routes answered by index.html.
 */
async function devServerOptions(): Promise<Configuration['devServer']> {
  const { loadConfig } = await import('./server/dist/config.js');
  const { runtimeConfigHandler } = await import('./server/dist/runtime-config.js');
  const config = loadConfig();
  const runtimeConfig = runtimeConfigHandler({ remotes: config.remotes, shell: { teamContacts: config.teamContacts } });
  return {
    host: config.host,
    port: config.port,
    // The page is opened as localhost or 127.0.0.1; both must reach the live-reload socket.
    allowedHosts: ['localhost', '127.0.0.1', config.host],
    historyApiFallback: true,
    hot: false,
    liveReload: true,
    proxy: [{ context: ['/api'], target: config.gatewayUrl, xfwd: true }],
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({ name: 'dblearn-runtime-config', middleware: runtimeConfig });
      return middlewares;
    },
  };
}
