import type { CodeSnippet } from './content-blocks.js';

/** The plain rendering: a labelled, scrollable, read-only code block. */
export function CodeView({ language, code }: Pick<CodeSnippet, 'language' | 'code'>) {
  return (
    <pre className="dbl-code" tabIndex={0} aria-label={language ? `${language.toUpperCase()} example` : 'Code example'}>
      <code className={language ? `language-${language}` : undefined}>{code}</code>
    </pre>
  );
}
