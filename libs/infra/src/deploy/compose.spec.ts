import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { natsDeployConfig, natsPasswordVariable } from '../servers/nats-auth.js';
import { LAB_PROCESS_ADDRESS_SPACE_KB } from '../servers/postgres.js';
import { REMOTE_TABLE, SERVICE_TABLE } from '../workspaces/platform.js';
import { busPermissionTable, GATEWAY_BUS_USER, SERVICES } from '@dblearn/contracts';

// Issue 12: docker-compose.yml and its Dockerfiles, checked without a Docker engine. What this cannot
// see (images pulled, containers started, healthchecks passing) is listed in docs/NOTES.md.
const root = resolve(import.meta.dirname, '..', '..', '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile?: string; target?: string; args?: Record<string, string> };
  user?: string;
  environment?: Record<string, string>;
  healthcheck?: { test?: string[] };
  depends_on?: Record<string, { condition?: string }>;
  volumes?: string[];
  command?: string[];
  entrypoint?: string[];
  networks?: string[] | Record<string, { ipv4_address?: string } | null>;
}
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, ComposeService>; volumes: Record<string, unknown> };
const services = compose.services;
const names = Object.keys(services);

const domainServices = SERVICE_TABLE.map((service) => service.folder);
const remotes = REMOTE_TABLE.map((remote) => remote.folder);
const deployables = [...domainServices, 'gateway', 'shell', ...remotes];

interface Stage {
  name: string;
  lines: string[];
}

/** FROM … AS name blocks of a Dockerfile (continuation lines joined). */
function stagesOf(dockerfile: string): Stage[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?$/i.exec(line);
    if (from) stages.push({ name: from[1] ?? String(stages.length), lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

function dockerfileOf(name: string): string {
  const build = services[name]!.build!;
  return join(build.context, build.dockerfile ?? 'Dockerfile');
}

function finalStage(name: string): Stage {
  const stages = stagesOf(read(dockerfileOf(name)));
  const target = services[name]!.build!.target;
  return target ? stages.find((stage) => stage.name === target)! : stages.at(-1)!;
}

describe('docker-compose.yml', () => {
  it('runs MongoDB, NATS, every service, the gateway, the shell, each remote and one edge', () => {
    expect(names.sort()).toEqual(['mongodb', 'nats', 'postgres', 'edge', ...deployables].sort());
    expect(services.mongodb!.image).toMatch(/^mongo:7/);
    expect(services.postgres!.image).toBe('postgres:17');
    expect(Object.keys(compose.volumes).sort()).toEqual(['mongodb-data', 'nats-data', 'postgres-data']);
    expect(read('deploy/nats/Dockerfile')).toMatch(/FROM \$\{NATS_IMAGE\}/);
    expect(read('deploy/nats/Dockerfile')).toMatch(/ARG NATS_IMAGE=nats:2\.1\d/);
  });

  it.each(names)('%s has a healthcheck, a non-root user and waits for healthy dependencies', (name) => {
    const service = services[name]!;
    expect(service.healthcheck?.test?.[0]).toBe('CMD');
    expect(service.healthcheck!.test!.length).toBeGreaterThan(1);
    expect(service.user).toBeDefined();
    expect(String(service.user)).not.toMatch(/^(root|0)(:|$)/);
    for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
      expect(names).toContain(dependency);
      expect(condition).toBe('service_healthy');
    }
  });

  it('starts each part after what it needs', () => {
    for (const name of domainServices) {
      expect(Object.keys(services[name]!.depends_on!).sort()).toEqual(name === 'svc-content' ? ['mongodb', 'nats', 'postgres'] : ['mongodb', 'nats']);
    }
    expect(Object.keys(services.gateway!.depends_on!).sort()).toEqual([...domainServices].sort());
    expect(Object.keys(services.edge!.depends_on!).sort()).toEqual(['gateway', 'shell', ...remotes].sort());
  });

  it.each(names.filter((name) => services[name]!.build))('%s builds from its Dockerfile, whose final stage runs as non-root', (name) => {
    const path = dockerfileOf(name);
    expect(existsSync(join(root, path))).toBe(true);
    const stages = stagesOf(read(path));
    const stageNames = stages.map((stage) => stage.name);
    const final = finalStage(name);
    expect(final).toBeDefined();
    const user = final.lines.filter((line) => /^USER\s/i.test(line)).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)\b/i);
    // Every COPY --from names an earlier stage.
    for (const [index, stage] of stages.entries()) {
      for (const line of stage.lines) {
        const from = /--from=(\S+)/.exec(line)?.[1];
        if (from) expect(stageNames.slice(0, index)).toContain(from);
      }
    }
  });

  it.each(deployables)('%s: the Node 24 template builds only its workspace and ships production dependencies only', (name) => {
    const build = services[name]!.build!;
    expect(build.args?.WORKSPACE).toBe(name);
    expect(existsSync(join(root, name, 'package.json'))).toBe(true);
    const dockerfile = read(dockerfileOf(name));
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[-.\w]*$/m);
    const stages = stagesOf(dockerfile);
    const byName = new Map(stages.map((stage) => [stage.name, stage.lines.join('\n')]));
    expect(byName.get('build')).toMatch(/npm run build -w "\$WORKSPACE"/);
    expect(byName.get('deps')).toMatch(/npm install --omit=dev .*-w "\$WORKSPACE"/);
    // Only the libs it runs with (deploy/runtime-libs.mjs), so no lib's bundler lands in a service image.
    expect(byName.get('deps')).toMatch(/COPY --from=manifests \/runtime-manifests /);
    expect(execFileSync(process.execPath, [join(root, 'deploy', 'runtime-libs.mjs'), name], { cwd: root, encoding: 'utf8' })).toMatch(/libs\/contracts/);
    const final = finalStage(name).lines.join('\n');
    if (build.target === 'node') {
      expect(final).toMatch(/COPY --from=deps /);
      expect(final).toMatch(/NODE_ENV=production/);
      expect(final).not.toMatch(/npm install/);
      const entry = build.args?.ENTRY ?? 'dist/main.js';
      const script = JSON.parse(read(join(name, 'package.json'))).scripts.start as string;
      expect(script).toBe(`node ${entry}`);
    } else {
      expect(remotes).toContain(name);
      expect(final).toMatch(/COPY --from=build \/app\/\$\{WORKSPACE\}\/dist /);
    }
  });

  it('holds no secret: every password, secret and credential in a URL is a required variable from .env', () => {
    const example = read('.env.example');
    const required = new Set<string>();
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        const secretValues = /(PASSWORD|SECRET)$/.test(key) ? [String(value)] : [...String(value).matchAll(/\/\/[^:/@]+:([^@]+)@/g)].map((match) => match[1]!);
        for (const secret of secretValues) {
          expect({ service: name, key, secret }).toEqual({ service: name, key, secret: expect.stringMatching(/^\$\{[A-Z0-9_]+:\?[^}]*\}$/) });
        }
      }
    }
    for (const match of read('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+):\?/g)) required.add(match[1]!);
    for (const variable of ['JWT_SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', ...required]) {
      expect(example).toMatch(new RegExp(`^${variable}=$`, 'm'));
    }
    expect(existsSync(join(root, '.env'))).toBe(false);
    expect(read('.dockerignore')).toMatch(/^\.env$/m);
  });

  it('gives NATS the users and permissions of npm start, each process its own user and password', () => {
    // Differs after a change to the bus permission table: run `node libs/infra/dist/servers/write-nats-deploy-config.js`.
    expect(read('deploy/nats/nats.conf')).toBe(natsDeployConfig());
    const natsEnvironment = services.nats!.environment!;
    for (const { user } of busPermissionTable()) {
      const variable = natsPasswordVariable(user);
      expect(natsEnvironment[variable]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
      const client = user === GATEWAY_BUS_USER ? 'gateway' : user;
      expect(services[client]!.environment!.NATS_URL).toMatch(new RegExp(`^nats://${user}:\\$\\{${variable}:\\?[^}]*\\}@nats:4222$`));
    }
  });

  it('gives each service its own MongoDB user, readWrite on its own database only (issue 17)', () => {
    const mongodb = services.mongodb!;
    const script = read('deploy/mongodb/service-users.js');
    expect(mongodb.volumes).toContain('./deploy/mongodb/service-users.js:/docker-entrypoint-initdb.d/service-users.js:ro');
    for (const service of SERVICE_TABLE) {
      const database = SERVICES[service.name].database;
      const variable = `MONGO_${service.folder.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
      expect(services[service.folder]!.environment!.MONGO_URL).toMatch(
        new RegExp(`^mongodb://${service.folder}:\\$\\{${variable}:\\?[^}]*\\}@mongodb:27017/${database}\\?authSource=${database}$`),
      );
      expect(mongodb.environment![variable]).toMatch(new RegExp(`^\\$\\{${variable}:\\?`));
      expect(script).toContain(`{ user: '${service.folder}', database: '${database}', passwordVariable: '${variable}' }`);
    }
    // The one role, on the user's own database; nothing runs as the root user.
    expect(script).toContain("const roles = [{ role: 'readWrite', db: database }];");
    expect(read('docker-compose.yml')).not.toMatch(/mongodb:\/\/dblearn:/);
  });

  it('runs the PostgreSQL lab for svc-content alone, as the non-superuser role of deploy/postgres (issue 32)', () => {
    const postgres = services.postgres!;
    expect(postgres.volumes).toEqual(expect.arrayContaining(['postgres-data:/var/lib/postgresql/data', './deploy/postgres:/lab:ro', './deploy/postgres/init-lab.sh:/docker-entrypoint-initdb.d/lab.sh:ro']));
    expect(postgres.environment).toMatchObject({ POSTGRES_USER: 'dblearn', POSTGRES_DB: 'dblearn_lab', POSTGRES_LAB_PASSWORD: expect.stringMatching(/^\$\{POSTGRES_LAB_PASSWORD:\?/) });
    expect(postgres.command).toEqual(expect.arrayContaining(['statement_timeout=2s', 'temp_file_limit=64MB', 'max_prepared_transactions=0']));
    // The same address-space limit as the launcher's server, then the image's own entrypoint.
    expect(postgres.entrypoint).toEqual(['sh', '-c', `ulimit -v ${LAB_PROCESS_ADDRESS_SPACE_KB} && exec docker-entrypoint.sh "$$@"`, '--']);
    const script = read('deploy/postgres/init-lab.sh');
    expect(script).toContain('-f /lab/lab-roles.sql -f /lab/lab-database.sql');
    expect(script).toContain("ALTER ROLE dblearn_lab PASSWORD :'lab_password';");
    expect(read('deploy/postgres/lab-roles.sql')).toMatch(/ALTER ROLE dblearn_lab NOSUPERUSER NOCREATEDB NOCREATEROLE/);
    expect(services['svc-content']!.environment!.POSTGRES_URL).toBe('postgres://dblearn_lab:${POSTGRES_LAB_PASSWORD:?set POSTGRES_LAB_PASSWORD in .env}@postgres:5432/dblearn_lab');
    // The template schemas' owner (decision 0042): its own secret, its password set by the init script.
    expect(services['svc-content']!.environment!.POSTGRES_AUTHOR_URL).toBe('postgres://dblearn_lab_author:${POSTGRES_AUTHOR_PASSWORD:?set POSTGRES_AUTHOR_PASSWORD in .env}@postgres:5432/dblearn_lab');
    expect(script).toContain("ALTER ROLE dblearn_lab_author PASSWORD :'author_password';");
    for (const name of names.filter((other) => other !== 'svc-content')) expect(JSON.stringify(services[name]!.environment ?? {})).not.toContain('POSTGRES_URL');
  });

  it('seeds no demo content unless .env asks for it (issue 17)', () => {
    expect(services['svc-content']!.environment!.SEED_DEMO).toBe('${SEED_DEMO:-false}');
    expect(services['svc-community']!.environment!.SEED_DEMO).toBe('${SEED_DEMO:-false}');
  });

  it('runs the services on MongoDB with its indexes instead of in-memory read models', () => {
    for (const name of domainServices) {
      expect(services[name]!.environment).toMatchObject({ READ_MODEL: 'off', NODE_ENV: 'production', MONGO_URL: expect.stringMatching(/@mongodb:27017\//) });
    }
  });

  it('puts the edge in front: /api to the gateway (which trusts only the edge), the shell, each remote on its port', () => {
    const edge = services.edge!;
    const address = (edge.networks as Record<string, { ipv4_address?: string }>).internal!.ipv4_address;
    expect(services.gateway!.environment!.TRUST_PROXY).toBe(address);
    expect(services.gateway!.environment!.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    const caddyfile = read('deploy/edge/Caddyfile');
    expect(caddyfile).toMatch(/handle \/api\/\* \{\s*(encode [^\n]*\s*)?(#[^\n]*\s*)*reverse_proxy gateway:3000 \{/);
    // Issue 22: the live Q&A stream goes through unencoded and flushed as each event comes.
    expect(caddyfile).toMatch(/handle \/api\/live\/\* \{\s*reverse_proxy gateway:3000 \{[^}]*flush_interval -1[^}]*\}/);
    expect(/handle \/api\/live\/\* \{[^}]*encode/.test(caddyfile)).toBe(false);
    expect(caddyfile).toMatch(/header_up X-Forwarded-For \{remote_host\}/);
    expect(caddyfile).toMatch(/encode zstd gzip/);
    expect(caddyfile).toMatch(/handle \/\.edge\/health \{\s*respond 200/);
    // Issue 17: a dripping client meets an absolute header deadline at the edge.
    expect(caddyfile).toMatch(/timeouts \{[^}]*read_header 10s/);
    for (const remote of REMOTE_TABLE) {
      expect(caddyfile).toContain(`:${remote.port} {\n\treverse_proxy ${remote.folder}:8080\n}`);
      expect(services.shell!.environment![remote.urlVariable]).toBe(`\${${remote.urlVariable}:-http://localhost:${remote.port}/mf-manifest.json}`);
    }
    expect(read('deploy/static/Caddyfile')).toMatch(/precompressed br gzip/);
  });
});

// Real tools: Debian's docker-compose (parses and interpolates the file like `docker compose` does,
// with no Docker engine), Debian's caddy (the Caddyfiles) and the nats-server `npm start` uses.
// `.ci/run` installs the first two; under CI a missing tool fails its check instead of skipping it.
describe('with the real tools', () => {
  const env = Object.fromEntries([...read('.env.example').matchAll(/^([A-Z0-9_]+)=$/gm)].map((match) => [match[1]!, 'check0value']));
  const dir = mkdtempSync(join(tmpdir(), 'dblearn-compose-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const onPath = (tool: string) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const natsServer = join(root, '.tools', 'bin', 'nats-server');
  const checkWith = (tool: string) => (process.env.CI || onPath(tool) ? it : it.skip);

  checkWith('docker-compose')('docker-compose config accepts the file with every .env value given, and refuses it without', () => {
    const envFile = join(dir, '.env');
    writeFileSync(envFile, Object.entries(env).map(([key, value]) => `${key}=${value}`).join('\n'));
    execFileSync('docker-compose', ['--env-file', envFile, '-f', join(root, 'docker-compose.yml'), 'config', '-q'], { stdio: 'pipe' });
    writeFileSync(envFile, '');
    expect(() => execFileSync('docker-compose', ['--env-file', envFile, '-f', join(root, 'docker-compose.yml'), 'config', '-q'], { stdio: 'pipe' })).toThrow(/set [A-Z_]+ in \.env/);
  });

  checkWith('caddy').each(['deploy/edge/Caddyfile', 'deploy/static/Caddyfile'])('caddy validate accepts %s', (file) => {
    expect(execFileSync('caddy', ['validate', '--config', join(root, file), '--adapter', 'caddyfile'], { encoding: 'utf8', stdio: 'pipe' })).toMatch(/Valid configuration/);
  });

  (existsSync(natsServer) ? it : it.skip)('nats-server accepts deploy/nats/nats.conf with the passwords from the environment', () => {
    const config = join(dir, 'nats.conf');
    writeFileSync(config, natsDeployConfig().replace('"/data"', JSON.stringify(join(dir, 'js'))));
    execFileSync(natsServer, ['-c', config, '-t'], { env: { ...process.env, ...env }, encoding: 'utf8', stdio: 'pipe' });
    expect(() => execFileSync(natsServer, ['-c', config, '-t'], { env: { PATH: process.env.PATH }, stdio: 'pipe' })).toThrow(/NATS_GATEWAY_PASSWORD/);
  });
});
