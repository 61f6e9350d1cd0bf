import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The `tsc` to run: TypeScript 7's native compiler. The `typescript` package is TypeScript 6, kept only
 * for the JavaScript API eslint needs; its bin is `tsc6` (decision 0019).
 */
export function typescriptCompiler(root: string): string {
  return join(dirname(createRequire(join(root, 'package.json')).resolve('@typescript/native/package.json')), 'bin', 'tsc');
}
