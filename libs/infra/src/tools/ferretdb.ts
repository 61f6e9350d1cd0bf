import { chmod, cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolMissingError } from '../errors.js';
import { run, succeeded } from '../process/run.js';
import { toolsBinDir, toolsDir } from '../paths.js';
import { GO_FOR_FERRETDB, goFailure, requireGo, runGo } from './go.js';
import { installAtomically } from './install.js';
import { parseVersion } from './version.js';
import { findExecutable } from './which.js';

export const FERRETDB_VERSION = 'v1.24.2';
const FERRETDB_MODULE = 'github.com/FerretDB/FerretDB';
/**
 * What `ferretdb --version` says of the build below: the release plus FERRETDB_PATCHES. Bump it with
 * any change to them: an older .tools binary is then rebuilt by `npm run tools` (and by `npm test`).
 */
export const FERRETDB_BUILD = `${FERRETDB_VERSION}-dblearn.2`;

/** A text replacement in FerretDB's source; `from` must be there exactly once, else the build fails. */
interface SourcePatch {
  file: string;
  from: string;
  to: string;
}

/**
 * FerretDB 1.24.2's SQLite backend looks documents up by `_ferretdb_sjson->'$._id'` while its `_id`
 * index is on `_ferretdb_sjson->"_id"`: SQLite matches index expressions by text, so every find,
 * update and delete by `_id` scanned the whole table (350 ms at 100,000 questions). Both spellings
 * read the same value; the patch makes the queries use the index.
 */
const ID_COLUMN_PATCH: SourcePatch = {
  file: join('internal', 'backends', 'sqlite', 'metadata', 'metadata.go'),
  from: `IDColumn = DefaultColumn + "->'$._id'"`,
  to: `IDColumn = DefaultColumn + "->'_id'"`,
};

/**
 * FerretDB 1.24.2's `update` command closes each statement's query iterator with a `defer` in its
 * loop: when the whole command ends. An `updateOne` that matched stops reading (limit 1), so its
 * SQLite rows keep one of the database's 100 pooled connections (hard-coded) until then; one command
 * of 100 such statements waits forever for a connection only it can free, and every later call on
 * that database waits behind it (decision 0022). The patch closes the iterator as soon as its
 * statement has run; the `defer` stays for the error paths (closing twice is a no-op).
 * `delete` already closes per statement; `findAndModify` has a single statement.
 */
const STATEMENT_READ_PATCH: SourcePatch = {
  file: join('internal', 'handler', 'msg_update.go'),
  from: '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n\t\tif err != nil {\n',
  to: '\t\tresult, err := common.UpdateDocument(ctx, c, "update", iter, &u)\n\t\tcloser.Close() // dblearn: free this statement\'s pooled connection now\n\n\t\tif err != nil {\n',
};

const FERRETDB_PATCHES = [ID_COLUMN_PATCH, STATEMENT_READ_PATCH];

/** Where FerretDB keeps its files under a data directory (kept across restarts). */
export function ferretDbPaths(dataDir: string): { sqliteDir: string; stateDir: string } {
  return { sqliteDir: join(dataDir, 'ferretdb'), stateDir: join(dataDir, 'ferretdb-state') };
}

/**
 * FerretDB 1.x on its embedded SQLite backend, no telemetry, no debug listener. It has no access
 * control of its own, so the launcher's FerretDB listens only on a Unix socket (`{ socket }`) inside
 * the owner-only DATA_DIR, with no TCP listener (issue 17); a test suite's private one takes a
 * loopback port.
 */
export function ferretDbArgs(dataDir: string, listen: number | { socket: string }): string[] {
  const { sqliteDir, stateDir } = ferretDbPaths(dataDir);
  return [
    '--handler=sqlite',
    // A directory URL: FerretDB keeps one SQLite file per database inside it. The slash matters.
    `--sqlite-url=file:${sqliteDir}/`,
    ...(typeof listen === 'number' ? [`--listen-addr=127.0.0.1:${listen}`] : ['--listen-addr=', `--listen-unix=${listen.socket}`]),
    `--state-dir=${stateDir}`,
    '--debug-addr=-',
    '--telemetry=disable',
    // At warn it reports every client disconnect and the driver's unsupported endSessions as multi-line
    // blocks; errors are what a person needs to see.
    '--log-level=error',
  ];
}

/** Only 1.x has the SQLite backend (2.x needs PostgreSQL with DocumentDB), so others are passed over. */
async function isUsableFerretDb(binary: string, build?: string): Promise<boolean> {
  const result = await run(binary, ['--version'], { timeoutMs: 15_000 });
  const version = succeeded(result) ? parseVersion(result.stdout) : undefined;
  return version?.major === 1 && (build === undefined || result.stdout.includes(`version: ${build}\n`));
}

/** Applies FERRETDB_PATCHES to a writable copy of the source; fails loudly if a patched line moved. */
async function patchFerretDb(sourceDir: string): Promise<void> {
  for (const patch of FERRETDB_PATCHES) {
    const path = join(sourceDir, patch.file);
    const source = await readFile(path, 'utf8');
    if (source.split(patch.from).length !== 2) throw new ToolMissingError(`FerretDB ${FERRETDB_VERSION}: ${patch.file} no longer holds the lines to patch once.`);
    await writeFile(path, source.replace(patch.from, patch.to));
  }
}

/** FerretDB 1.x from .tools/bin, else from PATH. */
export async function findFerretDb(root: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  // Ours must be the patched build (an older .tools binary is rebuilt); one on PATH is the person's choice.
  const ours = findExecutable('ferretdb', { PATH: '' }, [toolsBinDir(root, env)]);
  if (ours && (await isUsableFerretDb(ours, FERRETDB_BUILD))) return ours;
  const onPath = findExecutable('ferretdb', env);
  if (onPath && (await isUsableFerretDb(onPath))) return onPath;
  return undefined;
}

/**
 * Builds FerretDB from its module source. `go install …@v1.24.2` is not used on purpose: it asks the
 * module proxy for the version list, which some networks refuse, while `go mod download` of an exact
 * version works wherever modules can be fetched. The source needs build/version/version.txt (the
 * binary refuses to start without it), which a release build generates from git; we write it.
 */
export async function buildFerretDb(root: string, report: (message: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const go = await requireGo(
    `Installing FerretDB ${FERRETDB_VERSION} (the local MongoDB-protocol database)`,
    GO_FOR_FERRETDB,
    'or install `mongod` on PATH, or set MONGO_URL to a MongoDB you already run',
    env,
  );
  const buildRoot = join(toolsDir(root, env), 'build');
  await mkdir(buildRoot, { recursive: true });

  report(`downloading the FerretDB ${FERRETDB_VERSION} module source`);
  const download = await runGo(go, ['mod', 'download', '-json', `${FERRETDB_MODULE}@${FERRETDB_VERSION}`], { cwd: buildRoot });
  const moduleDir = succeeded(download) ? (JSON.parse(download.stdout) as { Dir?: string }).Dir : undefined;
  if (!moduleDir) throw new ToolMissingError(goFailure(`go mod download ${FERRETDB_MODULE}@${FERRETDB_VERSION}`, download));

  const sourceDir = join(buildRoot, 'ferretdb-src');
  await rm(sourceDir, { recursive: true, force: true });
  // The module cache is read-only; the copy must be writable for version.txt and for later clean-up.
  await cp(moduleDir, sourceDir, { recursive: true });
  await makeWritable(sourceDir);
  await writeFile(join(sourceDir, 'build', 'version', 'version.txt'), `${FERRETDB_BUILD}\n`);
  await patchFerretDb(sourceDir);

  report(`building FerretDB ${FERRETDB_VERSION} with Go ${go.version.major}.${go.version.minor} (about a minute and a half the first time)`);
  try {
    return await installAtomically(toolsBinDir(root, env), 'ferretdb', async (tempDir) => {
      const output = join(tempDir, 'ferretdb');
      // -buildvcs=false: the copy sits inside this repository's git tree, whose commit is not FerretDB's.
      const build = await runGo(go, ['build', '-buildvcs=false', '-o', output, './cmd/ferretdb'], { cwd: sourceDir });
      if (!succeeded(build)) throw new ToolMissingError(goFailure(`go build ${FERRETDB_MODULE}/cmd/ferretdb`, build));
      return output;
    });
  } finally {
    await rm(sourceDir, { recursive: true, force: true });
  }
}

async function makeWritable(dir: string): Promise<void> {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await makeWritable(path);
    else if (entry.isFile()) await chmod(path, 0o644);
  }
}
