/**
 * The built SQL worker script beside `from` (a module of this folder); under the test runner
 * (TypeScript sources) the one `tsc -b` put in dist/.
 */
export function workerFile(from: string, name = 'sql-worker'): URL {
  if (from.endsWith('.ts')) return new URL(from.replace(/\/src\/sql-runner\/[^/]+\.ts$/, `/dist/sql-runner/${name}.js`));
  return new URL(`./${name}.js`, from);
}
