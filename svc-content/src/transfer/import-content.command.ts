import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CONTENT_IMPORT_LIMIT_BYTES, importIdConflict, importIdConflictMessage, type ImportReport } from '@dblearn/contracts';
import { createServiceLogger, type Environment } from '@dblearn/nest-common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../app.module.js';
import { readContentConfig } from '../config/content-config.js';
import { ImportService } from './import.service.js';

const USAGE = `Imports a content file (the JSON of GET /api/content/export) into svc-content's database
(MONGO_URL / MONGO_DB); running svc-content instances follow through their events (NATS_URL).

Usage: npm run import-content -w svc-content -- <file.json>

Upserts by _id; an invalid course or question is reported with the rule it breaks and skipped.`;

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const CONSOLE_OUTPUT: CommandOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };

/** Exit codes: 0 everything imported, 1 something was rejected or failed, 2 wrong usage or an unreadable file. */
export async function importContentCommand(argv: string[], env: Environment = process.env, output: CommandOutput = CONSOLE_OUTPUT): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    output.out(USAGE);
    return 0;
  }
  if (positionals.length !== 1) {
    output.err(USAGE);
    return 2;
  }
  // npm runs workspace scripts inside the workspace: a relative path means where the person typed it.
  const file = resolve(env.INIT_CWD ?? process.cwd(), positionals[0]!);
  let document: unknown;
  try {
    const text = await readFile(file, 'utf8');
    if (Buffer.byteLength(text) > CONTENT_IMPORT_LIMIT_BYTES) throw new Error(`it is over ${CONTENT_IMPORT_LIMIT_BYTES / 1024 / 1024} MB`);
    document = JSON.parse(text);
  } catch (error) {
    output.err(`Cannot import ${file}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const { courses, interviewQuestions } = (document ?? {}) as { courses?: unknown; interviewQuestions?: unknown };
  if (typeof document !== 'object' || document === null || !isOptionalList(courses) || !isOptionalList(interviewQuestions)) {
    output.err(`Cannot import ${file}: it must be an object with the lists "courses" and/or "interviewQuestions".`);
    return 2;
  }

  const conflict = importIdConflict(courses ?? []);
  if (conflict) {
    output.err(`Cannot import ${file}: ${importIdConflictMessage(conflict)}`);
    return 1;
  }

  const config = readContentConfig({ ...env, SEED_DEMO: 'false' });
  // The service's own wiring (models, outbox and its relay), without listening for requests.
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: createServiceLogger({ name: 'import-content', logLevel: 'warn', logJson: false }),
  });
  try {
    const report = await app.get(ImportService).importSlice({ courses: courses ?? [], interviewQuestions: interviewQuestions ?? [], courseOffset: 0, interviewOffset: 0 });
    describe(report, output);
    return report.rejected.length === 0 ? 0 : 1;
  } finally {
    await app.close();
  }
}

function isOptionalList(value: unknown): value is unknown[] | undefined {
  return value === undefined || Array.isArray(value);
}

function describe({ created, updated, rejected, postgresNotChecked }: ImportReport, output: CommandOutput): void {
  output.out(`Created ${created}, updated ${updated}, rejected ${rejected.length}.`);
  if (postgresNotChecked) output.out(postgresNotChecked);
  for (const { path, message } of rejected) output.err(`  ${path}: ${message}`);
}
