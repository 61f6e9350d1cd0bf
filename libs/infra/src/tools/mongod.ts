import { join } from 'node:path';
import { findExecutable } from './which.js';

/** A real MongoDB on PATH wins over FerretDB (DESIGN "Local run"). */
export function findMongod(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return findExecutable('mongod', env);
}

export function mongodDataDir(dataDir: string): string {
  return join(dataDir, 'mongo');
}

export function mongodArgs(dataDir: string, port: number): string[] {
  return ['--dbpath', mongodDataDir(dataDir), '--bind_ip', '127.0.0.1', '--port', String(port)];
}
