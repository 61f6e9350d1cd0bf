import { useId, type ReactNode } from 'react';
import { RunnableCode } from '../runnable/runnable-code.js';
import { CodeView } from './code-view.js';

export { CodeView };

/** One block of a tutorial or project (CONTRACT: `{_id, header, detail}`). */
export interface ContentBlock {
  _id: string;
  header: string;
  detail: string;
}

/**
 * A piece of a block's detail: one line of text, or a fenced code block (```sql … ```) with the
 * info words after its language (```sql must-fail: ['must-fail']).
 */
export type DetailPart =
  | { kind: 'line'; text: string }
  | { kind: 'code'; language: string; code: string; info?: string[] };

const FENCE = /^\s*```\s*([\w-]*)((?:[ \t]+[\w-]+)*)\s*$/;

/**
 * Splits a detail text at line breaks (SPEC §2); lines between ``` fences become one code part with
 * the fence's language ("sql" for ```sql). An unclosed fence runs to the end. Blank lines are dropped.
 */
export function parseDetail(detail: string): DetailPart[] {
  const parts: DetailPart[] = [];
  let code: { language: string; info: string[]; lines: string[] } | null = null;
  const codePart = ({ language, info, lines }: { language: string; info: string[]; lines: string[] }): DetailPart => ({ kind: 'code', language, code: lines.join('\n'), ...(info.length > 0 ? { info } : {}) });
  for (const line of detail.split(/\r\n|\r|\n/)) {
    const fence = FENCE.exec(line);
    if (code) {
      if (fence && fence[1] === '' && fence[2] === '') {
        parts.push(codePart(code));
        code = null;
      } else code.lines.push(line);
    } else if (fence) {
      code = { language: (fence[1] ?? '').toLowerCase(), info: (fence[2] ?? '').trim().split(/\s+/).filter(Boolean).map((word) => word.toLowerCase()), lines: [] };
    } else if (line.trim() !== '') {
      parts.push({ kind: 'line', text: line });
    }
  }
  if (code) parts.push(codePart(code));
  return parts;
}

/** What a code renderer gets: the snippet, its language, the block it is in and its place there. */
export interface CodeSnippet {
  language: string;
  code: string;
  /** The fence's info words after the language (```sql must-fail). */
  info?: string[];
  block: ContentBlock;
  /** 0 for the first code part of the block, 1 for the next… (a stable key for a runnable cell). */
  index: number;
}

export interface ContentBlocksProps {
  blocks: readonly ContentBlock[];
  /** Heading level of each block's header (the page's title is usually h1). */
  headingLevel?: 2 | 3;
  /** Controls for one block (an admin's Delete), shown beside its header. */
  blockActions?: (block: ContentBlock) => ReactNode;
  /**
   * Renders a fenced code part. The one place SQL becomes runnable later: pass a renderer that
   * turns `language === 'sql'` snippets into an editor with a Run button. Default: CodeView.
   */
  renderCode?: (snippet: CodeSnippet) => ReactNode;
  /**
   * The course the blocks belong to: without a renderCode, its ```sql blocks become runnable on the
   * course's sandbox (the editor and engine load only then). Without it, code stays read-only.
   */
  courseId?: string;
  /** Shown when there are no blocks. */
  empty?: ReactNode;
}

/** The fence language of a collapsed model answer under a project's design task. */
export const MODEL_ANSWER = 'model-answer';

function ModelAnswer({ text }: { text: string }) {
  return (
    <details className="dbl-model-answer">
      <summary>Show the model answer</summary>
      {parseDetail(text).map((part, position) => (
        <p key={position} className="dbl-content-block__line">
          {part.kind === 'line' ? part.text : part.code}
        </p>
      ))}
    </details>
  );
}

function Block({ block, headingLevel, blockActions, renderCode, courseId }: { block: ContentBlock } & Required<Pick<ContentBlocksProps, 'headingLevel'>> & Pick<ContentBlocksProps, 'blockActions' | 'renderCode' | 'courseId'>) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  let codeIndex = 0;
  const actions = blockActions?.(block);
  // A project block's header is optional (SPEC §5): no empty heading then.
  const hasHeader = block.header.trim() !== '';
  return (
    <section className="dbl-content-block" aria-labelledby={hasHeader ? headingId : undefined}>
      {hasHeader || actions ? (
        <div className="dbl-content-block__head">
          {hasHeader ? (
            <Heading id={headingId} className="dbl-content-block__header">
              {block.header}
            </Heading>
          ) : null}
          {actions ? <div className="dbl-content-block__actions">{actions}</div> : null}
        </div>
      ) : null}
      {parseDetail(block.detail).map((part, position) => {
        if (part.kind === 'line') {
          return (
            <p key={position} className="dbl-content-block__line">
              {part.text}
            </p>
          );
        }
        // A design task's model answer (```model-answer): closed until the learner has tried, its
        // lines paragraphs like the block's own; plain text, never markup.
        if (part.language === MODEL_ANSWER) return <ModelAnswer key={position} text={part.code} />;
        const snippet: CodeSnippet = { language: part.language, code: part.code, ...(part.info ? { info: part.info } : {}), block, index: codeIndex++ };
        return <div key={position}>{renderCode ? renderCode(snippet) : courseId !== undefined ? <RunnableCode snippet={snippet} courseId={courseId} /> : <CodeView language={snippet.language} code={snippet.code} />}</div>;
      })}
    </section>
  );
}

/**
 * Every tutorial and project block, one renderer (SPEC §2): the header, then the detail split at line
 * breaks, with fenced ```sql blocks shown as code.
 */
export function ContentBlocks({ blocks, headingLevel = 2, blockActions, renderCode, courseId, empty = null }: ContentBlocksProps) {
  if (blocks.length === 0) return <>{empty}</>;
  return (
    <div className="dbl-content-blocks">
      {blocks.map((block) => (
        <Block key={block._id} block={block} headingLevel={headingLevel} blockActions={blockActions} renderCode={renderCode} courseId={courseId} />
      ))}
    </div>
  );
}
