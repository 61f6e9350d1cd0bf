import { existsSync } from 'node:fs';
import { CHUNK_LOAD_TIMEOUT_MS } from '@dblearn/contracts';
import { federatedOutput, frontEndResolve, hostFederationOptions, packageOfModule, remoteFederationOptions, sharedSingletons, typeScriptRule, unexportedFileAliases } from './rspack.js';
import { SHARED_SINGLETONS } from './shared.js';

const pkg = {
  dependencies: { react: '^19.2.0', 'react-dom': '^19.2.0', '@dblearn/web': '0.1.0' },
  devDependencies: { 'react-toastify': '^11.0.5' },
};

describe('sharedSingletons', () => {
  it('shares every listed package as a singleton', () => {
    const shared = sharedSingletons(pkg);
    expect(Object.keys(shared).sort()).toEqual([...SHARED_SINGLETONS].sort());
    expect(Object.values(shared).every((config) => config.singleton)).toBe(true);
  });

  it('takes the required version from the package.json that builds the app', () => {
    const shared = sharedSingletons(pkg);
    expect(shared.react.requiredVersion).toBe('^19.2.0');
    expect(shared['@dblearn/web'].requiredVersion).toBe('0.1.0');
    expect(shared['react-toastify'].requiredVersion).toBe('^11.0.5');
  });

  it('leaves the version to the plugin when the app does not declare the package', () => {
    expect(sharedSingletons(pkg)['@dblearn/web/router']).toEqual({ singleton: true });
  });
});

describe('host and remote options', () => {
  it('the host declares no remotes at build time and provides the runtime to remotes', () => {
    const host = hostFederationOptions(pkg);
    expect(host.name).toBe('shell');
    expect(host.remotes).toEqual({});
    expect(host.exposes).toBeUndefined();
    expect(host.experiments).toEqual({ provideExternalRuntime: true, optimization: { target: 'web' } });
  });

  it('a remote exposes ./App, emits mf-manifest.json and uses the host runtime', () => {
    const remote = remoteFederationOptions({ name: 'qna', app: './src/expose/app.tsx', pkg });
    expect(remote.name).toBe('qna');
    expect(remote.exposes).toEqual({ './App': './src/expose/app.tsx' });
    expect(remote.manifest).toEqual({ fileName: 'mf-manifest.json' });
    expect(remote.experiments).toEqual({ externalRuntime: true });
    expect(remote.shared).toEqual(hostFederationOptions(pkg).shared);
  });

  it('every build waits two minutes for a chunk; only the host pins its public path', () => {
    expect(federatedOutput('shell')).toEqual({ uniqueName: 'shell', chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS, publicPath: '/' });
    expect(federatedOutput('catalog').publicPath).toBe('auto');
  });
});

describe('front-end build settings', () => {
  it('compile workspace libs from source and map Node-style .js imports to TypeScript', () => {
    const resolve = frontEndResolve({ production: true });
    expect(resolve.conditionNames[0]).toBe('source');
    expect(resolve.extensionAlias['.js']).toEqual(['.ts', '.tsx', '.js']);
  });

  it("take react-router's production build (dev warnings off) only in production", () => {
    expect(frontEndResolve({ production: true }).alias?.['react-router$']).toMatch(/react-router\/dist\/production\/index\.mjs$/);
    expect(frontEndResolve({ production: false }).alias).not.toHaveProperty(['react-router$']);
  });

  it('names the owner of a module: its npm package, the workspace lib, or the app', () => {
    expect(packageOfModule('/repo/node_modules/@reduxjs/toolkit/dist/query/rtk-query.modern.mjs', 'shell')).toBe('@reduxjs/toolkit');
    expect(packageOfModule('/repo/node_modules/react-dom/cjs/react-dom-client.production.js', 'shell')).toBe('react-dom');
    expect(packageOfModule('/repo/libs/web/src/store/create-store.ts', 'shell')).toBe('@dblearn/web');
    expect(packageOfModule('/repo/shell/src/app/app.tsx', 'shell')).toBe('shell');
    expect(packageOfModule('data:text/javascript,import x from "%40module-federation"', 'shell')).toBe('generated');
  });

  it('compile TSX with React dev helpers only in development', () => {
    expect(typeScriptRule({ development: true }).options.jsc.transform.react).toEqual({ runtime: 'automatic', development: true });
    expect(typeScriptRule({ development: false }).test.test('app.tsx')).toBe(true);
    expect(typeScriptRule({ development: false }).test.test('styles.css')).toBe(false);
  });
});

describe('unexportedFileAliases', () => {
  it("points a package's unexported file at its place on disk, and skips a package that is not installed", () => {
    const aliases = unexportedFileAliases(['mingo/dist/mingo.min.js', 'no-such-package-here/x.js']);
    expect(Object.keys(aliases)).toEqual(['mingo/dist/mingo.min.js$']);
    expect(aliases['mingo/dist/mingo.min.js$']).toMatch(/node_modules[/\\]mingo[/\\]dist[/\\]mingo\.min\.js$/);
    expect(existsSync(aliases['mingo/dist/mingo.min.js$'] ?? '')).toBe(true);
  });
});
