import { useId, type ReactNode } from 'react';

export type PanelTone = 'info' | 'success' | 'warning' | 'error';
type HeadingLevel = 1 | 2 | 3;

export interface PanelProps {
  title: ReactNode;
  tone?: PanelTone;
  headingLevel?: HeadingLevel;
  children?: ReactNode;
  /** Buttons that act on the message (Retry, Go back...). */
  actions?: ReactNode;
}

/** A message block: a named region with a heading, some text and its actions. */
export function Panel({ title, tone = 'info', headingLevel = 2, children, actions }: PanelProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={`dbl-panel dbl-panel--${tone}`} aria-labelledby={headingId}>
      <Heading id={headingId} className="dbl-panel__title">
        {title}
      </Heading>
      {children ? <div className="dbl-panel__body">{children}</div> : null}
      {actions ? <div className="dbl-panel__actions">{actions}</div> : null}
    </section>
  );
}
