import { ensureSyntaxTree } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { classHighlighter, highlightTree } from '@lezer/highlight';
import { mongoLanguage } from './mongo-language.js';

/** Each highlighted piece of `query` with its class (tok-string, tok-keyword…). */
function pieces(query: string): [string, string][] {
  const state = EditorState.create({ doc: query, extensions: [mongoLanguage] });
  const tree = ensureSyntaxTree(state, query.length, 5000);
  const found: [string, string][] = [];
  if (tree) highlightTree(tree, classHighlighter, (from, to, classes) => found.push([query.slice(from, to), classes]));
  return found;
}

describe('mongo highlighting', () => {
  it('tells keys, strings, $operators, numbers, atoms and method names apart', () => {
    const found = pieces('db.books.find({"year": {"$gt": 2000}, "title": "Dune", "read": true}).limit(5)');
    expect(found).toEqual(
      expect.arrayContaining([
        ['"year"', 'tok-propertyName'],
        ['"$gt"', 'tok-keyword'],
        ['2000', 'tok-number'],
        ['"Dune"', 'tok-string'],
        ['true', 'tok-atom'],
        ['find', 'tok-propertyName'],
        ['5', 'tok-number'],
      ]),
    );
  });
});
