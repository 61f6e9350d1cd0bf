// bulletproof-react's import zones for DBLearn's front ends, as a local ESLint rule: the zones of
// `import/no-restricted-paths`, without a plugin and a TypeScript resolver (our imports name `.js`
// files that are `.ts` on disk; relative paths are all the rule needs to resolve).
//
// In `<app>/src/features/<feature>/`, a file may import its own feature, the app's shared folders
// and packages, and another feature only through the files at that feature's top (its index.ts, or
// the entry of a chunk it lets others load lazily), never its api/, components/, routes/... Shared code
// (`<app>/src/lib` and every other folder outside `features/` that is not the app's composition
// root) may not import a feature at all.
import { dirname, resolve, sep } from 'node:path';

/** Folders under `<app>/src/` that compose features (routes, remote entries): they may import any feature's index. */
const COMPOSITION = new Set(['app', 'expose', 'pages', 'bootstrap.tsx', 'index.ts']);

/** `{ app, area, feature?, rest }` for a path under `<something>/src/`, or undefined. */
function locate(path) {
  const parts = path.split(sep);
  const src = parts.lastIndexOf('src');
  if (src < 1) return undefined;
  const app = parts.slice(0, src + 1).join(sep);
  const area = parts[src + 1];
  if (area !== 'features') return { app, area, rest: parts.slice(src + 1).join('/') };
  return { app, area, feature: parts[src + 2], rest: parts.slice(src + 3).join('/') };
}

/** A feature's public entries are the files at its top (index.ts, and a lazy chunk's entry beside it); its folders are its own. */
const isPublicEntry = (rest) => rest !== '' && !rest.includes('/');

export default {
  meta: {
    type: 'problem',
    docs: { description: 'A feature imports its own folder, shared code and another feature only through the files at its top (bulletproof-react zones).' },
    schema: [],
    messages: {
      crossFeature: "features/{{from}} reaches into features/{{to}}/{{rest}}: import it from what features/{{to}} exports at its top (index.ts), or move the shared part to src/lib or a libs/ package.",
      sharedToFeature: "{{area}}/ is shared code and imports features/{{to}}/{{rest}}: shared code must not depend on a feature (move it into the feature, or the shared part out of it).",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename;
    const here = locate(filename);
    if (!here) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = locate(resolve(dirname(filename), specifier));
      if (!target || target.app !== here.app || target.area !== 'features') return;
      if (here.area === 'features') {
        if (target.feature === here.feature || isPublicEntry(target.rest)) return;
        context.report({ node, messageId: 'crossFeature', data: { from: here.feature, to: target.feature, rest: target.rest } });
        return;
      }
      if (COMPOSITION.has(here.area)) return;
      context.report({ node, messageId: 'sharedToFeature', data: { area: here.area, to: target.feature, rest: target.rest } });
    };
    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

