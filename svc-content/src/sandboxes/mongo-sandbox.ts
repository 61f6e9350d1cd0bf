import { lineAt } from '../sql-runner/sql-text.js';

/** A collection name the browser's `db.<collection>.find(…)` syntax can name. */
const COLLECTION_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Why a JSON sandbox is refused, or null: it must be one object whose keys are collection names
 * and whose values are lists of documents (plain objects). A syntax error names its line.
 */
export function mongoSandboxRefusal(source: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // V8 names the position of some syntax errors (not all): then the line is named too.
    const position = /position (\d+)/.exec(message);
    const where = position ? `Line ${lineAt(source, Number(position[1]))}: ` : '';
    return `${where}the sandbox is not valid JSON (${message.slice(0, 200)}).`;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'The sandbox must be a JSON object of collections: {"books": [{…}, …]}.';
  const collections = Object.entries(parsed);
  if (collections.length === 0) return 'The sandbox must hold at least one collection.';
  for (const [name, documents] of collections) {
    if (!COLLECTION_NAME.test(name)) return `"${name}" is not a collection name (letters, digits and _, not starting with a digit).`;
    if (!Array.isArray(documents)) return `Collection "${name}" must be a list of documents.`;
    const bad = documents.findIndex((doc) => typeof doc !== 'object' || doc === null || Array.isArray(doc));
    if (bad !== -1) return `Document ${bad + 1} of "${name}" is not an object.`;
  }
  return null;
}
