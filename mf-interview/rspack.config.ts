/**
 * mf-interview: a Module Federation 2 remote exposing ./App (the /interview area). `npm run build`
 * makes dist/ (served on its own port by the launcher, loaded by the shell through
 * dist/mf-manifest.json); `npm run dev` serves it with a standalone page and /api proxied to
 * GATEWAY_URL.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PackageManifest } from '@dblearn/federation/rspack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack, type Configuration } from '@rspack/core';

const REMOTE = 'interview';
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as PackageManifest;

interface CliArguments {
  mode?: 'development' | 'production' | 'none';
}

export default async (_env: unknown, argv: CliArguments): Promise<Configuration> => {
  const production = argv.mode !== 'development';
  const { federatedOutput, frontEndResolve, remoteFederationOptions, typeScriptRule } = await import('@dblearn/federation/rspack');
  const { REMOTES } = await import('@dblearn/federation');
  return {
    mode: production ? 'production' : 'development',
    context: here('.'),
    // The standalone page (npm run dev); the shell loads remoteEntry.js through the manifest instead.
    entry: { main: './src/index.ts' },
    target: ['web', 'es2022'],
    devtool: production ? false : 'cheap-module-source-map',
    output: {
      ...federatedOutput(REMOTE),
      path: here('./dist'),
      clean: true,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
    },
    resolve: frontEndResolve,
    module: {
      rules: [typeScriptRule({ development: !production }), { test: /\.css$/, type: 'css/auto' }],
    },
    plugins: [
      new ModuleFederationPlugin(remoteFederationOptions({ name: REMOTE, app: './src/expose/app.tsx', pkg })),
      new rspack.HtmlRspackPlugin({ template: './public/index.html', minify: production }),
    ],
    optimization: { moduleIds: production ? 'deterministic' : 'named' },
    devServer: production
      ? undefined
      : {
          host: process.env.HOST ?? 'localhost',
          port: Number(process.env.MF_INTERVIEW_PORT ?? REMOTES[REMOTE].port),
          allowedHosts: 'all',
          // The shell on another port loads the manifest and chunks from here.
          headers: { 'access-control-allow-origin': '*' },
          historyApiFallback: true,
          hot: false,
          liveReload: true,
          proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL ?? 'http://localhost:3000', xfwd: true }],
        },
  };
};
