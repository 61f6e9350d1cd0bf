import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SHIPPED_CONTENT_DIR } from '../config/content-config.js';

// Issue 33: practice data made by a generator in content/generators is data no one edits by hand.
// The generator must be deterministic (two runs, the same script) and the committed scripts must be
// exactly what it writes, or the course grades on data nobody can rebuild.

/** Each generator and the files it writes, by the variant `--print` takes. */
const GENERATED = [
  { generator: 'generators/club.mjs', outputs: { practice: 'sandboxes/club.sql', hidden: 'sandboxes/club-hidden.sql' } },
  { generator: 'generators/university-hidden.mjs', outputs: { hidden: 'sandboxes/university-hidden.sql' } },
];

const run = (generator: string, variant: string) => execFileSync(process.execPath, [join(SHIPPED_CONTENT_DIR, generator), '--print', variant], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe.each(GENERATED)('$generator', ({ generator, outputs }) => {
  it.each(Object.entries(outputs))('writes the same %s script on every run, and it is the committed %s', (variant, file) => {
    const first = run(generator, variant);
    const second = run(generator, variant);
    expect({ generator, deterministic: first === second }).toEqual({ generator, deterministic: true });
    const committed = readFileSync(join(SHIPPED_CONTENT_DIR, file), 'utf8');
    // Named so the author knows which file to regenerate (`node content/<generator>`).
    expect({ file, matchesGenerator: committed === first }).toEqual({ file, matchesGenerator: true });
  });

  it('uses neither the clock nor Math.random', () => {
    const source = readFileSync(join(SHIPPED_CONTENT_DIR, generator), 'utf8');
    expect({ generator, clockOrRandom: source.match(/\bDate\.now\b|\bMath\.random\b|new Date\(\)/g) ?? [] }).toEqual({ generator, clockOrRandom: [] });
  });
});
