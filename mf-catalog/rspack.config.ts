/**
 * mf-catalog: a Module Federation remote exposing `./App` (the Learning Hub and Recommended Projects).
 * The shell loads it through dist/mf-manifest.json; `npm run dev -w mf-catalog` also serves it alone
 * (src/index.ts → standalone bootstrap) with /api proxied to GATEWAY_URL.
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

async function federation() {
  try {
    return await import('@dblearn/federation/rspack');
  } catch (error) {
    throw new Error('@dblearn/federation is not built: run "npx tsc -b" at the repository root (or "npm run build -w mf-catalog").', {
      cause: error,
    });
  }
}

export default async (_env: unknown, argv: CliArguments): Promise<Configuration> => {
  const production = argv.mode !== 'development';
  const { federatedOutput, frontEndResolve, remoteFederationOptions, typeScriptRule } = await federation();
  const port = Number(process.env.MF_CATALOG_PORT || 8081);

  return {
    mode: production ? 'production' : 'development',
    context: here('.'),
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      ...federatedOutput('catalog'),
      path: here('./dist'),
      clean: true,
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      cssFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
      cssChunkFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
    },
    resolve: frontEndResolve,
    module: {
      rules: [typeScriptRule({ development: !production }), { test: /\.css$/, type: 'css/auto' }],
    },
    plugins: [
      new ModuleFederationPlugin(remoteFederationOptions({ name: 'catalog', app: './src/expose/app.tsx', pkg })),
      // The standalone page (npm run dev); the shell never loads it.
      new rspack.HtmlRspackPlugin({ template: './public/index.html', minify: production }),
    ],
    optimization: { moduleIds: production ? 'deterministic' : 'named' },
    performance: false,
    devServer: production
      ? undefined
      : {
          host: process.env.HOST || '127.0.0.1',
          port,
          allowedHosts: 'all',
          // The shell on another port loads this remote's manifest and chunks.
          headers: { 'Access-Control-Allow-Origin': '*' },
          historyApiFallback: true,
          hot: false,
          liveReload: true,
          proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL || 'http://127.0.0.1:3000', xfwd: true }],
        },
  };
};
