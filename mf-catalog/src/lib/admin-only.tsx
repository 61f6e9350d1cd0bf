import { LinkButton, Panel } from '@dblearn/ui';
import { useSession } from '@dblearn/web';
import type { ReactNode } from 'react';

/** Admin screens (the forms): a learner who follows such a link is told, not shown a form that would fail. */
export function AdminOnly({ back, children }: { back: { to: string; label: string }; children: ReactNode }) {
  const { isAdmin } = useSession();
  if (isAdmin) return <>{children}</>;
  return (
    <Panel title="Only admins can edit content" tone="warning" headingLevel={1} actions={<LinkButton to={back.to} variant="secondary">{back.label}</LinkButton>}>
      <p>Ask an admin if something here needs to change.</p>
    </Panel>
  );
}
