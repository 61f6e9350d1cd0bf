import { StreamLanguage, type StringStream } from '@codemirror/language';

interface MongoTokenState {
  /** The last token was a `.`, so a name after it is a collection or a method. */
  afterDot: boolean;
}

/**
 * Highlighting for ```mongo queries (db.<collection>.find/aggregate with JSON arguments): keys,
 * strings, $operators, numbers, true/false/null and the method names. A small stream tokenizer
 * instead of the JavaScript grammar, which would add about 30 kB gzipped to the first Run.
 */
export const mongoLanguage = StreamLanguage.define<MongoTokenState>({
  name: 'mongo',
  startState: () => ({ afterDot: false }),
  token(stream: StringStream, state: MongoTokenState) {
    if (stream.eatSpace()) return null;
    const afterDot = state.afterDot;
    state.afterDot = false;
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/)) {
      const text = stream.current();
      if (text.startsWith('"$')) return 'keyword';
      // A string followed by ':' is a key.
      return /^\s*:/.test(stream.string.slice(stream.pos)) ? 'propertyName' : 'string';
    }
    if (stream.match(/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/)) return 'number';
    if (stream.match(/^(?:true|false|null)\b/)) return 'atom';
    if (stream.match(/^[A-Za-z_$][\w$]*/)) return afterDot ? 'propertyName' : stream.current() === 'db' ? 'variableName.special' : 'variableName';
    if (stream.eat('.')) {
      state.afterDot = true;
      return 'punctuation';
    }
    stream.next();
    return 'punctuation';
  },
  languageData: { closeBrackets: { brackets: ['(', '[', '{', '"'] } },
});
