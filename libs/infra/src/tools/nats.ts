import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolMissingError } from '../errors.js';
import { run, succeeded } from '../process/run.js';
import { toolsBinDir, toolsDir } from '../paths.js';
import { GO_FOR_NATS_SERVER, goFailure, requireGo, runGo } from './go.js';
import { installAtomically } from './install.js';
import { compareVersions, parseVersion } from './version.js';
import { findExecutable } from './which.js';

export const NATS_SERVER_VERSION = 'v2.10.29';
const NATS_SERVER_MODULE = 'github.com/nats-io/nats-server/v2';
const MIN_NATS_SERVER = { major: 2, minor: 10, patch: 0 };

/**
 * nats-server with JetStream, its store under the data directory, loopback only, no monitoring port;
 * with `configPath`, the users and permissions written there (see servers/nats-auth.ts).
 */
export function natsServerArgs(dataDir: string, port: number, configPath?: string): string[] {
  return [...(configPath ? ['-c', configPath] : []), '-js', '-sd', natsStoreDir(dataDir), '-a', '127.0.0.1', '-p', String(port)];
}

export function natsStoreDir(dataDir: string): string {
  return join(dataDir, 'nats');
}

async function isUsableNatsServer(binary: string): Promise<boolean> {
  const result = await run(binary, ['--version'], { timeoutMs: 15_000 });
  const version = succeeded(result) ? parseVersion(`${result.stdout}${result.stderr}`) : undefined;
  return version !== undefined && version.major === 2 && compareVersions(version, MIN_NATS_SERVER) >= 0;
}

/** nats-server 2.10 or later from .tools/bin, else from PATH. */
export async function findNatsServer(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const candidates = [findExecutable('nats-server', { PATH: '' }, [toolsBinDir(root, env)]), findExecutable('nats-server', env)];
  for (const candidate of candidates) {
    if (candidate && (await isUsableNatsServer(candidate))) return candidate;
  }
  return undefined;
}

/** `go install` of an exact version into .tools/bin. */
export async function installNatsServer(root: string, report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const go = await requireGo(`Installing nats-server ${NATS_SERVER_VERSION}`, GO_FOR_NATS_SERVER, 'or install nats-server 2.10+ on PATH, or set NATS_URL to a NATS server with JetStream', env);
  const workDir = toolsDir(root, env);
  await mkdir(workDir, { recursive: true });
  report(`building nats-server ${NATS_SERVER_VERSION} with Go ${go.version.major}.${go.version.minor}`);
  return installAtomically(toolsBinDir(root, env), 'nats-server', async (tempDir) => {
    const result = await runGo(go, ['install', `${NATS_SERVER_MODULE}@${NATS_SERVER_VERSION}`], { cwd: workDir, env: { GOBIN: tempDir } });
    if (!succeeded(result)) throw new ToolMissingError(goFailure(`go install ${NATS_SERVER_MODULE}@${NATS_SERVER_VERSION}`, result));
    return join(tempDir, 'nats-server');
  });
}
