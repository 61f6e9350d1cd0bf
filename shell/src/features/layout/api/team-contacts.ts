import { SHELL_CONFIG_PATH, type ShellConfig, type TeamContact } from '@dblearn/contracts';
import { useEffect, useState } from 'react';
import { runTimeJson } from '../../../lib/run-time-json.js';

function isTeamContact(value: unknown): value is TeamContact {
  if (typeof value !== 'object' || value === null) return false;
  const { name, email } = value as Record<string, unknown>;
  return typeof name === 'string' && typeof email === 'string' && email.includes('@');
}

export function parseShellConfig(body: unknown): ShellConfig {
  const contacts = (body as { teamContacts?: unknown } | null)?.teamContacts;
  if (!Array.isArray(contacts)) throw new Error(`${SHELL_CONFIG_PATH} has no teamContacts list.`);
  return { teamContacts: contacts.filter(isTeamContact) };
}

/** GET /config.json once per page; a failure is forgotten so the next page load asks again. */
export const loadShellConfig = runTimeJson(SHELL_CONFIG_PATH, parseShellConfig);

export type TeamContactsState = { status: 'loading' } | { status: 'ready'; contacts: TeamContact[] } | { status: 'failed' };

/** The footer's contacts, from the run-time config the shell server serves (TEAM_CONTACTS). */
export function useTeamContacts(): TeamContactsState {
  const [state, setState] = useState<TeamContactsState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    loadShellConfig().then(
      ({ teamContacts }) => active && setState({ status: 'ready', contacts: teamContacts }),
      () => active && setState({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}
