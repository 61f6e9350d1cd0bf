/**
 * The four feature areas the shell loads at run time (DESIGN "The picture"): the one list of
 * remotes. The shell, the shell server, the launcher (libs/infra) and every remote's rspack config
 * read it; nothing else names a remote, its folder (`mf-<name>`), its port or its routes.
 */
export const HOST_NAME = 'shell';

export interface RemoteDefinition<N extends string = RemoteName> {
  /** Its key in REMOTES. */
  readonly name: N;
  /** What a person calls this part of DBLearn (the "unavailable" panel names it). */
  readonly title: string;
  /**
   * Route patterns (react-router syntax) that belong to this remote. The shell mounts the remote's
   * `./App` at the root for these paths, so the remote's own `<Routes>` use absolute paths.
   */
  readonly paths: readonly string[];
  /** Port the remote is served on in a local run. */
  readonly port: number;
  /** Environment variable from which the shell server reads the remote's manifest URL. */
  readonly manifestUrlVariable: string;
}

/** Checks that each remote's `name` is its key, and keeps the literal types. */
function declareRemotes<const T extends { readonly [N in keyof T]: RemoteDefinition<N & string> }>(remotes: T): T {
  return remotes;
}

/** Adding a remote: an entry here, its folder `mf-<name>` and the root workspace list (README). */
export const REMOTES = declareRemotes({
  catalog: {
    name: 'catalog',
    title: 'Learning Hub and Recommended Projects',
    paths: ['/', '/catalog/*', '/projectLandingPage/*', '/practice'],
    port: 8081,
    manifestUrlVariable: 'REMOTE_CATALOG_URL',
  },
  interview: {
    name: 'interview',
    title: 'Interview Questions',
    paths: ['/interview/*'],
    port: 8082,
    manifestUrlVariable: 'REMOTE_INTERVIEW_URL',
  },
  qna: {
    name: 'qna',
    title: 'Q&A',
    paths: ['/qna/*'],
    port: 8083,
    manifestUrlVariable: 'REMOTE_QNA_URL',
  },
  dashboard: {
    name: 'dashboard',
    title: 'Dashboard',
    paths: ['/profile', '/hub'],
    port: 8084,
    manifestUrlVariable: 'REMOTE_DASHBOARD_URL',
  },
});

export type RemoteName = keyof typeof REMOTES;

/** The remotes' names, in the order of REMOTES. */
export const REMOTE_NAMES = Object.keys(REMOTES) as readonly RemoteName[];

/** The file every remote emits (`manifest: true`) and the shell loads it through. */
export const MANIFEST_FILE_NAME = 'mf-manifest.json';

/** Where a remote's manifest is in a local run when its variable is not set. */
export function defaultManifestUrl(name: RemoteName): string {
  return `http://localhost:${REMOTES[name].port}/${MANIFEST_FILE_NAME}`;
}

/** A remote's workspace folder: `catalog` → `mf-catalog`. */
export function remoteFolder(name: RemoteName): string {
  return `mf-${name}`;
}

/** The variable that moves a remote's local port (launcher and dev server): `catalog` → `MF_CATALOG_PORT`. */
export function remotePortVariable(name: RemoteName): string {
  return `${remoteFolder(name).toUpperCase().replace(/-/g, '_')}_PORT`;
}

/** The body of the shell's GET /remotes.json: each remote's manifest URL. */
export type RemoteManifestUrls = Record<RemoteName, string>;

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);
}
