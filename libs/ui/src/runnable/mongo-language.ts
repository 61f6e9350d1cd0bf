import { LRLanguage } from '@codemirror/language';
import { parser } from '@lezer/javascript';

/** JavaScript highlighting for ```mongo queries, without lang-javascript's completion and linting. */
export const javascriptLanguage = LRLanguage.define({ name: 'javascript', parser, languageData: { closeBrackets: { brackets: ['(', '[', '{', '"'] } } });
