import type { MingoEngine } from '@dblearn/lab';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInThisContext } from 'node:vm';

/** The part of mingo that grading uses (runMingoQuery's). */
export type Mingo = MingoEngine;

/**
 * mingo's browser bundle (dist/mingo.min.js): the very build a learner's page runs ```mongo labs
 * with (libs/ui mongo-runner.ts), so the server grades as the lab answers. It is one 96 kB file and
 * loads in about 10 ms; the package's CommonJS entry is some 600 files, ~150 ms of CPU alone and
 * half a second on a busy box, paid by every worker thread that loaded it.
 */
export function loadMingoBundle(): Mingo {
  const file = join(dirname(createRequire(import.meta.url).resolve('mingo/package.json')), 'dist', 'mingo.min.js');
  // The bundle declares a global `var mingo`: wrapped in a function, it stays out of this thread's globals.
  return runInThisContext(`(function () {\n${readFileSync(file, 'utf8')}\nreturn mingo;\n})()`, { filename: file }) as Mingo;
}
