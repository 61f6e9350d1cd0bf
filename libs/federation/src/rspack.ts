/**
 * ModuleFederationPlugin options for every rspack config in DBLearn (node side only): one host and
 * four remotes built from the same shared list, so no config declares a singleton by hand.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '@dblearn/contracts';
import type { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { RspackPluginInstance } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { constants as zlib, type BrotliOptions } from 'node:zlib';
import { EXPOSED_APP } from './exposes.js';
import { HOST_NAME, MANIFEST_FILE_NAME, type RemoteName } from './remotes.js';
import { SHARED_SINGLETONS, type SharedSingleton } from './shared.js';

export type FederationOptions = ConstructorParameters<typeof ModuleFederationPlugin>[0];

/** The parts of an app's package.json that say which versions it was built against. */
export interface PackageManifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export interface SharedSingletonConfig {
  singleton: true;
  /** The range the app declares; left out when it does not declare the package, so the plugin
   *  reads it from the importing package's own package.json (react-router from react-router-dom). */
  requiredVersion?: string;
}

export function sharedSingletons(pkg: PackageManifest): Record<SharedSingleton, SharedSingletonConfig> {
  const declared = { ...pkg.peerDependencies, ...pkg.devDependencies, ...pkg.dependencies };
  const entries = SHARED_SINGLETONS.map((name): [SharedSingleton, SharedSingletonConfig] => {
    const range = declared[name];
    return [name, range === undefined ? { singleton: true } : { singleton: true, requiredVersion: range }];
  });
  return Object.fromEntries(entries) as Record<SharedSingleton, SharedSingletonConfig>;
}

/**
 * Remotes are registered at run time from /remotes.json, never here: a remote declared at build
 * time can take the whole host down when it is offline. 'loaded-first' reuses the copy already on
 * the page instead of fetching other remotes' entries to compare versions.
 */
export function hostFederationOptions(pkg: PackageManifest): FederationOptions {
  return {
    name: HOST_NAME,
    remotes: {},
    shared: sharedSingletons(pkg),
    shareStrategy: 'loaded-first',
    manifest: false,
    dts: false,
    // The host hands its federation runtime to remotes built with externalRuntime.
    experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
  };
}

export interface RemoteFederationInput {
  name: RemoteName;
  /** Path (from the remote's folder) of the module exposed as `./App`, e.g. `./src/expose/app.tsx`. */
  app: string;
  pkg: PackageManifest;
  /** Take the federation runtime from the host (default); a remote run alone bundles its own. */
  externalRuntime?: boolean;
}

export function remoteFederationOptions({ name, app, pkg, externalRuntime = true }: RemoteFederationInput): FederationOptions {
  return {
    name,
    filename: 'remoteEntry.js',
    exposes: { [EXPOSED_APP]: app },
    shared: sharedSingletons(pkg),
    shareStrategy: 'loaded-first',
    // mf-manifest.json is what the shell loads; a remote without it cannot be mounted.
    manifest: { fileName: MANIFEST_FILE_NAME },
    dts: false,
    // The federation runtime comes from the host (about 34 kB to 16 kB gzipped per remote entry).
    experiments: { externalRuntime },
  };
}

export interface FederatedOutputOptions {
  uniqueName: string;
  chunkLoadTimeout: number;
  publicPath: string;
}

/**
 * `output` settings every federated build shares: a unique chunk-loading global per container and
 * the two-minute chunk timeout of SPEC §9. The host serves deep links, so its public path is `/`;
 * a remote's is `auto` (wherever its entry was loaded from).
 */
export function federatedOutput(name: typeof HOST_NAME | RemoteName): FederatedOutputOptions {
  return {
    uniqueName: name,
    chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
    publicPath: name === HOST_NAME ? '/' : 'auto',
  };
}

/**
 * File names of every front-end build: content-hashed in production (served with immutable
 * caching), plain in development.
 */
export function outputFileNames(production: boolean) {
  const js = production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js';
  const css = production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css';
  return { filename: js, chunkFilename: js, cssFilename: css, cssChunkFilename: css, assetModuleFilename: 'static/media/[name].[contenthash:8][ext]' };
}

/** What the static servers send compressed: text assets (images and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|map|txt|wasm)$/;

/**
 * Brotli (.br) and gzip (.gz) copies of every text asset, made once at build at the highest
 * levels, so the static servers (sirv) send them as they are and never compress per request.
 */
export function precompressionPlugins(): RspackPluginInstance[] {
  const common = { test: COMPRESSIBLE, threshold: 512, minRatio: 0.9 };
  return [
    new CompressionPlugin({ ...common, algorithm: 'gzip', filename: '[path][base].gz', compressionOptions: { level: 9 } }),
    new CompressionPlugin<BrotliOptions>({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } },
    }),
  ] as unknown as RspackPluginInstance[];
}

/**
 * react-router's package exports point every bundler at its development build (dev warnings on);
 * its production build is the same code with them off (about 0.4 kB gzipped less).
 */
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

/**
 * How every DBLearn front end resolves modules: sources import './x.js' (as Node ESM wants), which
 * means ./x.ts or ./x.tsx here, and workspace libs are compiled from their TypeScript source
 * (export condition "source"). Production builds take react-router's production build.
 */
export function frontEndResolve({ production }: { production: boolean }) {
  return {
    extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    conditionNames: ['source', 'browser', 'import', 'module', 'default'],
    alias: {
      ...unexportedFileAliases(['mingo/dist/mingo.min.js']),
      ...(production ? { 'react-router$': reactRouterProduction } : {}),
    },
  };
}

/** Where `chunkContentsPlugin` writes; a dot-file, so the static servers never serve it. */
export const CHUNK_CONTENTS_FILE = '.chunk-contents.json';

/** `{ "static/js/main.1a2b3c4d.js": { "react-dom": 626541, ... } }`: source bytes per package. */
export type ChunkContents = Record<string, Record<string, number>>;

/** Who a module belongs to: its npm package, a workspace lib (`@dblearn/web`), code a plugin generated, or the app itself. */
export function packageOfModule(path: string, app: string): string {
  // The federation plugin's generated setup module (a data: URL naming its runtime packages).
  if (path.startsWith('data:')) return 'generated';
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (npm) return npm[1]!;
  const lib = /\/libs\/([^/]+)\//.exec(path);
  return lib ? `@dblearn/${lib[1]}` : app;
}

/**
 * Writes CHUNK_CONTENTS_FILE beside the build: for every JavaScript file, the source bytes of each
 * package's JavaScript in it. The browser suite's first-load check (e2e/tests/first-load.spec.ts)
 * splits each fetched file's gzipped bytes by these shares to say where each kB goes.
 */
export function chunkContentsPlugin(app: string): RspackPluginInstance {
  return {
    apply(compiler) {
      const { Compilation, sources } = compiler.rspack;
      compiler.hooks.thisCompilation.tap('ChunkContentsPlugin', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'ChunkContentsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
          const contents: ChunkContents = {};
          for (const chunk of compilation.chunks) {
            const bytes: Record<string, number> = {};
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              const inner = (module as { modules?: typeof module[] }).modules ?? [module];
              for (const part of inner) {
                // CSS goes to its own .css file; only what lands in the .js file counts.
                if (part.type.startsWith('css')) continue;
                const owner = packageOfModule(part.nameForCondition() ?? part.identifier(), app);
                bytes[owner] = (bytes[owner] ?? 0) + part.size();
              }
            }
            for (const file of chunk.files) if (file.endsWith('.js')) contents[file] = bytes;
          }
          compilation.emitAsset(CHUNK_CONTENTS_FILE, new sources.RawSource(`${JSON.stringify(contents, null, 1)}\n`));
        });
      });
    },
  };
}

/**
 * Aliases for files a package ships but leaves out of its `exports` map, such as mingo's one-file
 * browser bundle, which the mongo lab's worker loads as `mingo/dist/mingo.min.js?url`. A package
 * that is not installed gets no alias (its import then fails with the resolver's own message).
 */
export function unexportedFileAliases(requests: string[]): Record<string, string> {
  const require = createRequire(import.meta.url);
  const aliases: Record<string, string> = {};
  for (const request of requests) {
    const [, name = '', file = ''] = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(request) ?? [];
    try {
      aliases[`${request}$`] = join(dirname(require.resolve(`${name}/package.json`)), file);
    } catch {
      // Not installed here.
    }
  }
  return aliases;
}

/**
 * `import url from 'x?url'` gives the URL of a hashed copy of x instead of its code (sql.js and its
 * WASM, which the runnable blocks' worker loads itself): precompressed and cached as immutable.
 */
export const urlAssetRule = { resourceQuery: /^\?url$/, type: 'asset/resource' } as const;

/** TypeScript and TSX through rspack's built-in SWC, with React's automatic runtime. */
export function typeScriptRule({ development }: { development: boolean }) {
  return {
    test: /\.[cm]?tsx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
      },
    },
    type: 'javascript/auto',
  };
}

export { remoteRspackConfig, devGatewayUrl, devServerPort, type RemoteConfigInput } from './remote-config.js';
