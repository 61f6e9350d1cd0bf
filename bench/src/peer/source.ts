import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import mongoose from 'mongoose';

const execFileAsync = promisify(execFile);

/** The peer's public dump is a few hundred kB; this bounds what one `git show` may hand back. */
const GIT_OUTPUT_LIMIT = 64 * 1024 * 1024;

export class PeerSourceError extends Error {}

/** Printed when SQL4U_SRC is not set: the run then measures nothing and exits 0. */
export const PEER_SOURCE_HINT = [
  'The SQL4U peer is not benchmarked: SQL4U_SRC is not set.',
  'Set it to a git directory of github.com/dongtandung2001/SQL4U (a bare clone is enough), for example:',
  '  git clone --bare https://github.com/dongtandung2001/SQL4U.git /tmp/sql4u.git',
  '  SQL4U_SRC=/tmp/sql4u.git npm run bench -- --peer',
  '(with `npm start` running, and DATA_DIR as for npm start, or ADMIN_EMAIL and ADMIN_PASSWORD, so the content can be imported).',
].join('\n');

/** SQL4U_SRC as the person typed it (npm runs us inside bench/), or undefined when it is not set. */
export function peerSourceDir(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SQL4U_SRC?.trim();
  return raw ? resolve(env.INIT_CWD ?? process.cwd(), raw) : undefined;
}

async function git(gitDir: string, args: readonly string[]): Promise<Buffer> {
  const { stdout } = await execFileAsync('git', ['--git-dir', gitDir, ...args], { encoding: 'buffer', maxBuffer: GIT_OUTPUT_LIMIT });
  return stdout;
}

/** The peer's source at one commit of a git directory: its back end and its mongodump. */
export class PeerSource {
  private constructor(
    readonly gitDir: string,
    /** The commit everything is read from: a new one gets a fresh install. */
    readonly commit: string,
  ) {}

  /** Checks that `gitDir` is a git directory whose HEAD has SQL4U's back end and dump. */
  static async open(gitDir: string): Promise<PeerSource> {
    let commit: string;
    try {
      commit = (await git(gitDir, ['rev-parse', '--verify', 'HEAD^{commit}'])).toString().trim();
      await git(gitDir, ['cat-file', '-e', 'HEAD:backend/index.js']);
      await git(gitDir, ['cat-file', '-e', 'HEAD:sql4u/courses.bson']);
    } catch {
      throw new PeerSourceError(`SQL4U_SRC=${gitDir} is not a git directory of dongtandung2001/SQL4U (no HEAD with backend/index.js and sql4u/courses.bson).\n${PEER_SOURCE_HINT.split('\n').slice(1).join('\n')}`);
    }
    return new PeerSource(gitDir, commit);
  }

  /** The back end's files as a tar stream's bytes (`git archive`), to unpack into a work folder. */
  backendArchive(): Promise<Buffer> {
    return git(this.gitDir, ['archive', '--format=tar', this.commit, 'backend']);
  }

  /** One collection of the peer's public mongodump (`sql4u/<name>.bson`: BSON documents back to back). */
  async dump(name: DumpCollection): Promise<Record<string, unknown>[]> {
    return parseBsonDump(await git(this.gitDir, ['show', `${this.commit}:sql4u/${name}.bson`]));
  }
}

/** The content collections of the dump; its users are never loaded. */
export const DUMP_COLLECTIONS = ['courses', 'tutorials', 'projects', 'interviews', 'qnas'] as const;
export type DumpCollection = (typeof DUMP_COLLECTIONS)[number];

/** A mongodump .bson file: each document starts with its own length (int32, little-endian). */
export function parseBsonDump(bytes: Buffer): Record<string, unknown>[] {
  const documents: Record<string, unknown>[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const length = offset + 4 <= bytes.length ? bytes.readInt32LE(offset) : 0;
    if (length < 5 || offset + length > bytes.length) throw new PeerSourceError(`The dump is cut off at byte ${offset} of ${bytes.length}.`);
    documents.push(mongoose.mongo.BSON.deserialize(bytes.subarray(offset, offset + length)));
    offset += length;
  }
  return documents;
}
