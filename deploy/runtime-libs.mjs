// Prints the libs/* folders a workspace needs at run time: its @dblearn/* `dependencies`, followed
// transitively (devDependencies left out). deploy/Dockerfile installs production dependencies for
// these alone, so a service's image holds no bundler another lib needs to build.
// Usage: node deploy/runtime-libs.mjs <workspace>   (from the repository root)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const manifest = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const libs = new Map(readdirSync('libs', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => [manifest(join('libs', entry.name)).name, join('libs', entry.name)]));

const needed = new Set();
const visit = (dir) => {
  for (const name of Object.keys(manifest(dir).dependencies ?? {})) {
    const lib = libs.get(name);
    if (lib && !needed.has(lib)) {
      needed.add(lib);
      visit(lib);
    }
  }
};
visit(process.argv[2]);
process.stdout.write([...needed].sort().join(' ') + '\n');
