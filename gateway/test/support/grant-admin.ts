import { findRepoRoot } from '@dblearn/infra';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Runs svc-users' built grant-admin command as an operator does (`npm run grant-admin -w svc-users`),
 * with MONGO_URL, MONGO_DB, NATS_URL and DATA_DIR from `env`; answers what it printed.
 */
export async function runGrantAdmin(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const command = join(findRepoRoot(), 'svc-users', 'dist', 'cli', 'grant-admin.js');
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [command, ...args], { env: { PATH: process.env.PATH, ...env }, timeout: 20_000 });
    return { code: 0, out: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, out: `${failed.stdout ?? ''}${failed.stderr ?? ''}`.trim() };
  }
}
