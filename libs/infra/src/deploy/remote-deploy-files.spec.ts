import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { BEGIN_MARKER, END_MARKER, REMOTE_DEPLOY_FILES, withRemoteRegions } from './remote-deploy-files.js';
import { REMOTE_TABLE, type RemoteEntry } from '../workspaces/platform.js';

const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** A fifth remote, as someone adding one would declare it in REMOTES. */
const reports: RemoteEntry = { name: 'reports' as RemoteEntry['name'], folder: 'mf-reports', port: 8085, portVariable: 'MF_REPORTS_PORT', urlVariable: 'REMOTE_REPORTS_URL' };

describe('deploy files generated from REMOTES', () => {
  it.each(Object.keys(REMOTE_DEPLOY_FILES))('%s lists the remotes REMOTES declares (else run node libs/infra/dist/deploy/write-remote-deploy-files.js)', (file) => {
    const text = read(file);
    expect(withRemoteRegions(file, text)).toBe(text);
  });

  it('gives a new remote its service, its port, its manifest URL and the edge its site, with nothing else to edit', () => {
    const remotes = [...REMOTE_TABLE, reports];
    const compose = parse(withRemoteRegions('docker-compose.yml', read('docker-compose.yml'), remotes), { merge: true }) as {
      services: Record<string, { build?: { target?: string; args?: Record<string, string> }; environment?: Record<string, string>; ports?: string[]; depends_on?: Record<string, unknown> }>;
    };
    expect(compose.services['mf-reports']!.build).toMatchObject({ target: 'static', args: { WORKSPACE: 'mf-reports' } });
    expect(compose.services.shell!.environment!.REMOTE_REPORTS_URL).toBe('${REMOTE_REPORTS_URL:-http://localhost:8085/mf-manifest.json}');
    expect(compose.services.edge!.ports).toContain('${MF_REPORTS_PORT:-8085}:8085');
    expect(Object.keys(compose.services.edge!.depends_on!)).toContain('mf-reports');
    const last = REMOTE_TABLE.at(-1)!;
    expect(withRemoteRegions('deploy/edge/Caddyfile', read('deploy/edge/Caddyfile'), remotes)).toContain(
      `:${last.port} {\n\treverse_proxy ${last.folder}:8080\n}\n\n:8085 {\n\treverse_proxy mf-reports:8080\n}\n${END_MARKER}`,
    );
    expect(withRemoteRegions('deploy/edge/Dockerfile', read('deploy/edge/Dockerfile'), remotes)).toMatch(new RegExp(`^EXPOSE ${REMOTE_TABLE.map((remote) => remote.port).join(' ')} 8085$`, 'm'));
    expect(withRemoteRegions('.env.example', read('.env.example'), remotes)).toMatch(/^# MF_REPORTS_PORT=8085 REMOTE_REPORTS_URL=http:\/\/localhost:8085\/mf-manifest\.json$/m);
  });

  it('refuses a file that lost a region, or names one it does not generate', () => {
    const compose = read('docker-compose.yml');
    expect(() => withRemoteRegions('docker-compose.yml', compose.replace(`${BEGIN_MARKER}the remotes' ports`, '# ports'))).toThrow(/lacks the generated region/);
    expect(() => withRemoteRegions('docker-compose.yml', compose.replace(`${BEGIN_MARKER}the remotes' ports`, `${BEGIN_MARKER}ports`))).toThrow(/no region "ports"/);
    expect(() => withRemoteRegions('deploy/edge/Caddyfile', read('deploy/edge/Caddyfile').replace(END_MARKER, ''))).toThrow(/has no "# END generated from REMOTES" line/);
    expect(() => withRemoteRegions('README.md', '')).toThrow(/no regions generated from REMOTES/);
  });
});
