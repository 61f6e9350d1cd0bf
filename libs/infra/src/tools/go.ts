import { homedir } from 'node:os';
import { join } from 'node:path';
import { ToolMissingError } from '../errors.js';
import { run, succeeded, type RunResult } from '../process/run.js';
import { compareVersions, parseVersion, type SemVer } from './version.js';
import { findExecutable } from './which.js';

/** What each module's go.mod asks for (`go 1.24` in FerretDB 1.24.2, `go 1.23.0` in nats-server 2.10.29). */
export const GO_FOR_FERRETDB: SemVer = { major: 1, minor: 24, patch: 0 };
export const GO_FOR_NATS_SERVER: SemVer = { major: 1, minor: 23, patch: 0 };
/** One Go that builds both. */
const GO_INSTALL_HINT = 'Install Go 1.24 or newer (https://go.dev/doc/install, or `apt-get install golang-go` on Debian 13), make sure `go` is on PATH, then run `npm run tools`';

export interface GoToolchain {
  path: string;
  version: SemVer;
}

/** `go` on PATH, else where the official installer and the usual user setups put it. */
function locateGo(env: NodeJS.ProcessEnv): string | undefined {
  return findExecutable('go', env) ?? findExecutable('go', { PATH: '' }, ['/usr/local/go/bin', join(homedir(), 'go', 'bin'), '/usr/lib/go/bin']);
}

/** The Go toolchain, or a ToolMissingError saying what is missing, why it is needed and how to get it. */
export async function requireGo(purpose: string, minimum: SemVer, alternatives: string, env: NodeJS.ProcessEnv = process.env): Promise<GoToolchain> {
  const path = locateGo(env);
  if (!path) {
    throw new ToolMissingError(`${purpose} needs the Go toolchain, and \`go\` is not installed.\n  ${GO_INSTALL_HINT},\n  ${alternatives}.`);
  }
  const result = await run(path, ['version'], { env, timeoutMs: 30_000 });
  const version = succeeded(result) ? parseVersion(result.stdout) : undefined;
  if (!version) throw new ToolMissingError(`${purpose} needs Go, but \`${path} version\` failed:\n${result.stderr || result.error?.message}`);
  if (compareVersions(version, minimum) < 0) {
    throw new ToolMissingError(
      `${purpose} needs Go ${minimum.major}.${minimum.minor} or newer; ${path} is ${version.major}.${version.minor}.\n  ${GO_INSTALL_HINT},\n  ${alternatives}.`,
    );
  }
  return { path, version };
}

/** Runs a go command with the caller's GOPATH, GOMODCACHE, GOPROXY and GOFLAGS left as they are. */
export function runGo(go: GoToolchain, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv; onLine?: (line: string) => void }): Promise<RunResult> {
  return run(go.path, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, onLine: options.onLine, timeoutMs: 30 * 60_000 });
}

export function goFailure(what: string, result: RunResult): string {
  const output = `${result.stderr}${result.stdout}`.trim().split('\n').slice(-25).join('\n  ');
  return `${what} failed (${result.error?.message ?? `exit code ${result.code}`}):\n  ${output}`;
}
