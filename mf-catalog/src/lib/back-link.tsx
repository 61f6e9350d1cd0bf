import { LinkButton } from '@dblearn/ui';

/** SPEC's "Go back": a link to the screen above this one, so it works after a reload or a deep link too. */
export function BackLink({ to, label = 'Go back' }: { to: string; label?: string }) {
  return (
    <LinkButton to={to} variant="ghost" className="catalog-back">
      <span aria-hidden="true">←</span> {label}
    </LinkButton>
  );
}
