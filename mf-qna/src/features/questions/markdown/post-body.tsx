import { lazy, Suspense } from 'react';
import type { PostMarkdownProps } from './post-markdown.js';

// markdown-it comes with the first post a page shows, never with mf-qna's entry or the shell.
const PostMarkdown = lazy(() => import('./post-markdown.js'));

/** A post's text as Markdown (the safe subset); the plain text while the renderer loads. */
export function PostBody(props: PostMarkdownProps) {
  return (
    <Suspense fallback={<p className="qna-text">{props.text}</p>}>
      <PostMarkdown {...props} />
    </Suspense>
  );
}
