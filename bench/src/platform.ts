import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The folder `npm start` keeps its data in: DATA_DIR as the person typed it (npm runs us inside bench/), else .data. */
export function platformDataDir(env: NodeJS.ProcessEnv): string {
  return resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? '.data');
}

/** A process the launcher started, as it records them in DATA_DIR/launcher.json. */
interface LaunchedChild {
  name: string;
  pid: number;
  /** /proc/<pid>/cmdline when recorded: a pid is only ever signalled while it still runs that command. */
  cmdline: string;
}

export class PlatformStateError extends Error {}

/** What the launcher of the running platform wrote about its children (it keeps the file current across restarts). */
export function launchedChildren(dataDir: string): LaunchedChild[] {
  const file = join(dataDir, 'launcher.json');
  try {
    const { children } = JSON.parse(readFileSync(file, 'utf8')) as { children?: LaunchedChild[] };
    if (Array.isArray(children)) return children;
  } catch {
    // Reported below.
  }
  throw new PlatformStateError(`${file} is not readable: run \`npm start\` first and set DATA_DIR to the folder it uses.`);
}

export function launchedChild(dataDir: string, name: string): LaunchedChild {
  const child = launchedChildren(dataDir).find((candidate) => candidate.name === name);
  if (!child) throw new PlatformStateError(`The platform on ${dataDir} runs no ${name}.`);
  return child;
}

function commandLineOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return undefined;
  }
}

/** SIGKILLs a launched child (the launcher starts it again), only if its pid still runs the recorded command. */
export function crash(child: LaunchedChild): void {
  if (commandLineOf(child.pid) !== child.cmdline) throw new PlatformStateError(`${child.name} (pid ${child.pid}) is no longer what the launcher started.`);
  process.kill(child.pid, 'SIGKILL');
}

/** CPU seconds a process has used so far (user + system, all its threads), from /proc. */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The database the platform started: MONGO_URL, else the FerretDB child's socket (or listen address). */
export function platformMongoUrl(dataDir: string, env: NodeJS.ProcessEnv): URL {
  if (env.MONGO_URL) return new URL(env.MONGO_URL);
  const ferret = launchedChild(dataDir, 'ferretdb');
  // The launcher's FerretDB listens on a Unix socket in DATA_DIR (issue 17); the driver takes its path percent-encoded.
  const socket = /--listen-unix=([^\0]+)/.exec(ferret.cmdline)?.[1];
  if (socket) return new URL(`mongodb://${encodeURIComponent(socket)}`);
  const address = /--listen-addr=([^\0\s]+)/.exec(ferret.cmdline)?.[1];
  if (!address) throw new PlatformStateError('The FerretDB command line names no --listen-unix or --listen-addr: set MONGO_URL.');
  return new URL(`mongodb://${address}`);
}
