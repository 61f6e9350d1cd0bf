import { CodeView, RunnableCode } from '@dblearn/ui';
import MarkdownIt from 'markdown-it';
import type { ReactNode } from 'react';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/**
 * The safe subset of issue 22 (decision 0013): markdown-it's "zero" preset (paragraphs and text
 * only) with emphasis, lists, inline code, fenced code and links turned on, and `html` off, so raw
 * HTML stays text. Images, headings, tables, block quotes and autolinks are never parsed.
 */
const markdown = new MarkdownIt('zero', { html: false, linkify: false, breaks: false }).enable([
  'emphasis',
  'list',
  'backticks',
  'fence',
  'link',
  'escape',
  'entity',
  'newline',
]);

/** Only web and mail links become links; anything else (javascript:, data:, vbscript:, relative) stays text. */
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;
markdown.validateLink = (url) => SAFE_LINK.test(url.trim());

export interface PostMarkdownProps {
  /** The post as written. */
  text: string;
  /** The practice database the post's ```sql blocks run against; without one they are plain code. */
  sandboxCourseId?: string | null;
}

/** A fenced block: ```sql is a lab on the chosen sandbox; any other language plain, read-only code. */
function Fence({ token, sandboxCourseId }: { token: Token; sandboxCourseId?: string | null }) {
  const [language = '', ...info] = token.info.trim().split(/\s+/);
  // The fence's content ends with its newline; a lesson's snippet does not.
  const code = token.content.replace(/\n$/, '');
  if (language.toLowerCase() === 'sql' && sandboxCourseId) return <RunnableCode snippet={{ language: 'sql', code, info }} courseId={sandboxCourseId} />;
  return <CodeView language={language.toLowerCase()} code={code} />;
}

/** Inline tokens to React elements; anything not in the subset is rendered as its text. */
function renderInline(tokens: readonly Token[]): ReactNode[] {
  const out: ReactNode[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const key = index;
    switch (token.type) {
      case 'text':
        out.push(token.content);
        break;
      case 'softbreak':
        out.push('\n');
        break;
      case 'hardbreak':
        out.push(<br key={key} />);
        break;
      case 'code_inline':
        out.push(<code key={key}>{token.content}</code>);
        break;
      case 'em_open':
      case 'strong_open':
      case 'link_open': {
        const close = closingIndex(tokens, index);
        const children = renderInline(tokens.slice(index + 1, close));
        if (token.type === 'em_open') out.push(<em key={key}>{children}</em>);
        else if (token.type === 'strong_open') out.push(<strong key={key}>{children}</strong>);
        else out.push(<PostLink key={key} href={String(token.attrGet('href') ?? '')}>{children}</PostLink>);
        index = close;
        break;
      }
      default:
        out.push(token.content);
    }
  }
  return out;
}

/** A link out of the post: never gives the target our page or a ranking vote. */
function PostLink({ href, children }: { href: string; children: ReactNode }) {
  // validateLink let only http(s) and mailto through; checked again here in case a rule changes.
  if (!SAFE_LINK.test(href)) return <>{children}</>;
  return (
    <a href={href} rel="nofollow noopener noreferrer" target="_blank">
      {children}
    </a>
  );
}

/** The index of the `_close` token matching the `_open` at `open` (same nesting level). */
function closingIndex(tokens: readonly Token[], open: number): number {
  const closing = tokens[open]!.type.replace(/_open$/, '_close');
  let depth = 0;
  for (let index = open; index < tokens.length; index += 1) {
    const type = tokens[index]!.type;
    if (type === tokens[open]!.type) depth += 1;
    else if (type === closing && --depth === 0) return index;
  }
  return tokens.length;
}

/** Block tokens to React elements: paragraphs, lists, fenced code. */
function renderBlocks(tokens: readonly Token[], sandboxCourseId?: string | null): ReactNode[] {
  const out: ReactNode[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const key = index;
    if (token.type === 'inline') {
      out.push(...renderInline(token.children ?? []));
    } else if (token.type === 'fence' || token.type === 'code_block') {
      out.push(<Fence key={key} token={token} sandboxCourseId={sandboxCourseId} />);
    } else if (token.nesting === 1) {
      const close = closingIndex(tokens, index);
      const children = renderBlocks(tokens.slice(index + 1, close), sandboxCourseId);
      if (token.type === 'bullet_list_open') out.push(<ul key={key}>{children}</ul>);
      else if (token.type === 'ordered_list_open') out.push(<ol key={key} start={Number(token.attrGet('start') ?? 1)}>{children}</ol>);
      else if (token.type === 'list_item_open') out.push(<li key={key}>{children}</li>);
      // A tight list's paragraphs are hidden by markdown-it: their text goes straight into the item.
      else if (token.type === 'paragraph_open' && !token.hidden) out.push(<p key={key}>{children}</p>);
      else out.push(...children);
      index = close;
    }
  }
  return out;
}

/**
 * A question or a reply rendered from its Markdown: React elements built from markdown-it's tokens,
 * never an HTML string, so nothing the author typed can become markup beyond the subset.
 */
export default function PostMarkdown({ text, sandboxCourseId }: PostMarkdownProps) {
  return <div className="qna-text qna-markdown">{renderBlocks(markdown.parse(text, {}), sandboxCourseId)}</div>;
}
