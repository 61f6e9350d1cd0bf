import { useId, type ReactNode } from 'react';

type HeadingLevel = 2 | 3 | 4;

export interface CardProps {
  title: ReactNode;
  headingLevel?: HeadingLevel;
  children?: ReactNode;
  /** Links and buttons at the foot of the card. */
  actions?: ReactNode;
  className?: string;
}

export function Card({ title, headingLevel = 3, children, actions, className }: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={['dbl-card', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading id={headingId} className="dbl-card__title">
        {title}
      </Heading>
      {children ? <div className="dbl-card__body">{children}</div> : null}
      {actions ? <div className="dbl-card__actions">{actions}</div> : null}
    </article>
  );
}
