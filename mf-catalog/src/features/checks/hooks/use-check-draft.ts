import { LIMITS } from '@dblearn/contracts';
import { useSession } from '@dblearn/web';
import { useCallback, useEffect, useRef, useState } from 'react';

/** How long typing must pause before the draft is written (a write per keystroke is wasted work). */
export const DRAFT_WRITE_DELAY_MS = 400;

/** Where the learner's query for one check is kept in this browser: per signed-in user, project and check. */
export function checkDraftKey(userId: string | undefined, projectId: string, checkId: string): string {
  return `dblearn.check-draft:${userId ?? 'signed-out'}:${projectId}:${checkId}`;
}

// localStorage throws in some private modes, sandboxed frames and when full: a draft then lasts one page.
function readDraft(key: string): string {
  try {
    const stored = window.localStorage.getItem(key);
    return stored !== null && stored.length <= LIMITS.runnable.sql.max ? stored : '';
  } catch {
    return '';
  }
}

function writeDraft(key: string, sql: string): void {
  try {
    if (sql === '') window.localStorage.removeItem(key);
    // A query over the server's limit cannot be checked: the last one that could be stays.
    else if (sql.length <= LIMITS.runnable.sql.max) window.localStorage.setItem(key, sql);
  } catch {
    // Full or refused: the editor still holds the text.
  }
}

/**
 * The learner's query for a check, kept in the browser so a reload shows it again: read once when
 * the editor mounts, written after a pause in typing and at the latest when the page goes away.
 */
export function useCheckDraft(projectId: string, checkId: string): [string, (sql: string) => void] {
  const { user } = useSession();
  const key = checkDraftKey(user?._id, projectId, checkId);
  const [sql, setSql] = useState(() => readDraft(key));
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (pending.current === null) return;
    writeDraft(key, pending.current);
    pending.current = null;
  }, [key]);

  const change = useCallback(
    (text: string) => {
      setSql(text);
      pending.current = text;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    },
    [flush],
  );

  // A reload or a tab closed within the pause, or leaving the page in the app, still keeps the last keystrokes.
  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  return [sql, change];
}
