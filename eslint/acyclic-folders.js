// A back end's feature folders (`<service>/src/<folder>/`) import each other without loops: an import
// from folder A to folder B is refused when B already reaches A. A loop means neither folder can be
// read, tested or moved alone; the shared part (a type, a small function) belongs where both can take
// it. Per file, `import/no-cycle` sees only cycles of files; ours are of folders, so the rule reads the
// service's imports itself (relative paths are all it needs, as in feature-boundaries.js). Files at
// `src/`'s top (main.ts, app.module.ts) compose the folders and are not part of the graph; specs neither.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const IMPORT = /(?:^|[\s;}])(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
const isSource = (name) => /\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) && !name.endsWith('.d.ts');
/** A service's graph is read again after this long, so an editor's long-lived ESLint sees edits to other files. */
const FRESH_MS = 2_000;

/** `{ src, folder }` for a file under `<service>/src/<folder>/`, or undefined (outside, or at src's top). */
function locate(path) {
  const parts = path.split(sep);
  const at = parts.lastIndexOf('src');
  if (at < 1 || parts.length < at + 3) return undefined;
  return { src: parts.slice(0, at + 1).join(sep), folder: parts[at + 1] };
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The other folders a file imports, each with the first specifier that does. */
function folderImports(file, specifiers) {
  const from = locate(file);
  const found = new Map();
  for (const specifier of specifiers) {
    const target = locate(resolve(dirname(file), specifier));
    if (!from || !target || target.src !== from.src || target.folder === from.folder || found.has(target.folder)) continue;
    found.set(target.folder, specifier);
  }
  return found;
}

const graphs = new Map();

/** file → (folder → specifier) for every source file of the service. */
function serviceGraph(src) {
  const cached = graphs.get(src);
  if (cached && Date.now() - cached.readAt < FRESH_MS) return cached.files;
  const files = new Map();
  for (const file of sourceFiles(src)) {
    if (!locate(file)) continue;
    const text = readFileSync(file, 'utf8');
    files.set(file, folderImports(file, [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2])));
  }
  graphs.set(src, { files, readAt: Date.now() });
  return files;
}

/** The shortest route of folder imports from `start` to `goal`, as "a/x.ts imports ../b/y.js" steps, or null. */
function route(files, start, goal) {
  const edges = new Map();
  for (const [file, imports] of files) {
    const { src, folder } = locate(file);
    for (const [to, specifier] of imports) {
      if (!edges.has(folder)) edges.set(folder, new Map());
      if (!edges.get(folder).has(to)) edges.get(folder).set(to, `${relative(src, file).split(sep).join('/')} imports ${specifier}`);
    }
  }
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const folder = queue.shift();
    if (folder === goal) {
      const steps = [];
      for (let at = goal; cameFrom.get(at); at = cameFrom.get(at).from) steps.unshift(cameFrom.get(at).step);
      return steps;
    }
    for (const [to, step] of edges.get(folder) ?? []) {
      if (cameFrom.has(to)) continue;
      cameFrom.set(to, { from: folder, step });
      queue.push(to);
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: "A back end's feature folders (src/<folder>/) import each other without loops." },
    schema: [],
    messages: {
      cycle: '{{from}}/ imports {{to}}/, which already reaches {{from}}/ ({{back}}): move the shared part (a type, a small function) to where both can import it.',
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const here = locate(filename);
    if (!here || !isSource(filename)) return {};
    const found = [];
    const collect = (node) => {
      if (node.source && typeof node.source.value === 'string' && node.source.value.startsWith('.')) found.push({ node: node.source, specifier: node.source.value });
    };
    return {
      ImportDeclaration: collect,
      ExportNamedDeclaration: collect,
      ExportAllDeclaration: collect,
      ImportExpression: collect,
      'Program:exit'() {
        const files = new Map(serviceGraph(here.src));
        // This file as it is being linted, not as last read from disk.
        files.set(filename, folderImports(filename, found.map(({ specifier }) => specifier)));
        const reported = new Set();
        for (const { node, specifier } of found) {
          const target = locate(resolve(dirname(filename), specifier));
          if (!target || target.src !== here.src || target.folder === here.folder || reported.has(target.folder)) continue;
          const back = route(files, target.folder, here.folder);
          if (!back) continue;
          reported.add(target.folder);
          context.report({ node, messageId: 'cycle', data: { from: here.folder, to: target.folder, back: back.join(', ') } });
        }
      },
    };
  },
};
