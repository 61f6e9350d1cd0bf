import { MANIFEST_FILE_NAME } from '@dblearn/federation';
import { REMOTE_TABLE, type RemoteEntry } from '../workspaces/platform.js';

/**
 * The deploy files are written by hand except where they list the remotes: there a region between
 * `# BEGIN generated from REMOTES: <what>` and `# END generated from REMOTES` holds one entry per
 * remote of @dblearn/federation's REMOTES, written by `node libs/infra/dist/deploy/write-remote-deploy-files.js`.
 * compose.spec.ts fails while a committed region differs from what REMOTES gives.
 */
export const BEGIN_MARKER = '# BEGIN generated from REMOTES: ';
export const END_MARKER = '# END generated from REMOTES';

/** The port a remote's static server listens on in its container (deploy/static/Caddyfile). */
const STATIC_PORT = 8080;

type Region = (remotes: readonly RemoteEntry[]) => string[];

/** Each generated file (from the repository root), its regions by name, the lines of each (unindented). */
export const REMOTE_DEPLOY_FILES: Readonly<Record<string, Readonly<Record<string, Region>>>> = {
  'docker-compose.yml': {
    "the shell's manifest URLs": (remotes) =>
      remotes.map((remote) => `${remote.urlVariable}: \${${remote.urlVariable}:-http://localhost:${remote.port}/${MANIFEST_FILE_NAME}}`),
    'one static service per remote': (remotes) =>
      remotes.flatMap((remote, index) => [
        ...(index > 0 ? [''] : []),
        `${remote.folder}:`,
        '  build:',
        '    <<: *static-build',
        `    args: { WORKSPACE: ${remote.folder} }`,
        '  user: "1000:1000"',
        '  healthcheck: *static-healthcheck',
        '  restart: unless-stopped',
        '  networks: [internal]',
      ]),
    "the remotes' ports": (remotes) => remotes.map((remote) => `- "\${${remote.portVariable}:-${remote.port}}:${remote.port}"`),
    'the edge waits for every remote': (remotes) => remotes.flatMap((remote) => [`${remote.folder}:`, '  condition: service_healthy']),
  },
  'deploy/edge/Caddyfile': {
    'each remote on its port': (remotes) =>
      remotes.flatMap((remote, index) => [...(index > 0 ? [''] : []), `:${remote.port} {`, `\treverse_proxy ${remote.folder}:${STATIC_PORT}`, '}']),
  },
  'deploy/edge/Dockerfile': {
    "the remotes' ports": (remotes) => [`EXPOSE ${remotes.map((remote) => remote.port).join(' ')}`],
  },
  '.env.example': {
    "each remote's published port and manifest URL": (remotes) =>
      remotes.map((remote) => `# ${remote.portVariable}=${remote.port} ${remote.urlVariable}=http://localhost:${remote.port}/${MANIFEST_FILE_NAME}`),
  },
};

/**
 * `text` with each generated region of `file` rewritten from `remotes`. Throws when the file lacks
 * one of its regions or holds one this table does not know.
 */
export function withRemoteRegions(file: string, text: string, remotes: readonly RemoteEntry[] = REMOTE_TABLE): string {
  const regions = REMOTE_DEPLOY_FILES[file];
  if (!regions) throw new Error(`${file} has no regions generated from REMOTES.`);
  const lines = text.split('\n');
  const out: string[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    out.push(line);
    const begin = line.indexOf(BEGIN_MARKER);
    if (begin < 0 || line.slice(0, begin).trim() !== '') continue;
    const name = line.slice(begin + BEGIN_MARKER.length).trim();
    const region = regions[name];
    if (!region) throw new Error(`${file}:${index + 1}: no region "${name}" is generated from REMOTES (known: ${Object.keys(regions).join('; ')}).`);
    const end = lines.findIndex((candidate, at) => at > index && (candidate.trim() === END_MARKER || candidate.includes(BEGIN_MARKER)));
    if (end < 0 || lines[end]!.includes(BEGIN_MARKER)) throw new Error(`${file}:${index + 1}: the region "${name}" has no "${END_MARKER}" line.`);
    const indent = line.slice(0, begin);
    out.push(...region(remotes).map((generated) => (generated === '' ? '' : indent + generated)), lines[end]!);
    seen.add(name);
    index = end;
  }
  const missing = Object.keys(regions).filter((name) => !seen.has(name));
  if (missing.length > 0) throw new Error(`${file} lacks the generated region(s) ${missing.map((name) => `"${BEGIN_MARKER}${name}"`).join(', ')}.`);
  return out.join('\n');
}
