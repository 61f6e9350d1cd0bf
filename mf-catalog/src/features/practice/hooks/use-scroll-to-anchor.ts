import { useLocation } from '@dblearn/web/router';
import { useEffect, useRef } from 'react';

/**
 * Scrolls to the element once the address's hash names it: the practice list links to a check as
 * `#check-<id>`, and the check is drawn only after its project loads, too late for the browser's own jump.
 */
export function useScrollToAnchor<E extends HTMLElement>(id: string) {
  const ref = useRef<E>(null);
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === `#${id}`) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash, id]);
  return ref;
}
