import type { CodeSnippet } from './content-blocks.js';

/** The name of a code example: "SQL example", "MongoDB query example"… (a runnable block's editor has the same). */
export function codeExampleLabel(language: string): string {
  if (language === 'mongo') return 'MongoDB query example';
  return language ? `${language.toUpperCase()} example` : 'Code example';
}

/** The plain rendering: a labelled, scrollable, read-only code block. */
export function CodeView({ language, code }: Pick<CodeSnippet, 'language' | 'code'>) {
  return (
    <pre className="dbl-code" tabIndex={0} aria-label={codeExampleLabel(language)}>
      <code className={language ? `language-${language}` : undefined}>{code}</code>
    </pre>
  );
}
