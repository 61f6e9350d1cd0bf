import { useId, useState, type ReactNode } from 'react';
import { PostBody } from './post-body.js';

export interface WritePreviewTabsProps {
  /** What the form's field holds now. */
  text: string;
  sandboxCourseId?: string | null;
  /** The form field(s) of the Write tab: kept mounted while the preview shows, so nothing is lost. */
  children: ReactNode;
}

/**
 * Write | Preview over a post's text: the preview is the very renderer the thread uses (PostBody),
 * so what the author sees before posting is what readers will see.
 */
export function WritePreviewTabs({ text, sandboxCourseId, children }: WritePreviewTabsProps) {
  const [previewing, setPreviewing] = useState(false);
  const id = useId();
  const tab = (preview: boolean, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${label}`}
      aria-selected={previewing === preview}
      aria-controls={`${id}-${label}-panel`}
      className={previewing === preview ? 'qna-tabs__tab qna-tabs__tab--current' : 'qna-tabs__tab'}
      onClick={() => setPreviewing(preview)}
    >
      {label}
    </button>
  );
  return (
    <div className="qna-tabs">
      <div role="tablist" aria-label="Write or preview" className="qna-tabs__list">
        {tab(false, 'Write')}
        {tab(true, 'Preview')}
      </div>
      <div role="tabpanel" id={`${id}-Write-panel`} aria-labelledby={`${id}-Write`} hidden={previewing}>
        {children}
        <p className="qna-muted qna-tabs__hint">Markdown: *emphasis*, **strong**, lists, `code`, ```sql blocks and [links](https://…).</p>
      </div>
      <div role="tabpanel" id={`${id}-Preview-panel`} aria-labelledby={`${id}-Preview`} hidden={!previewing} className="qna-tabs__preview">
        {previewing ? text.trim() ? <PostBody text={text} sandboxCourseId={sandboxCourseId} /> : <p className="qna-muted">Nothing to preview yet.</p> : null}
      </div>
    </div>
  );
}
