import type { TeamContact } from '@dblearn/contracts';
import { ConfigError } from './config-error.js';

/** Who answers what, until TEAM_CONTACTS names the real people. */
export const DEFAULT_TEAM_CONTACTS: TeamContact[] = [
  { name: 'Platform team', email: 'platform@dblearn.example' },
  { name: 'Learning Hub team', email: 'catalog@dblearn.example' },
  { name: 'Interview questions team', email: 'interview@dblearn.example' },
  { name: 'Q&A community team', email: 'community@dblearn.example' },
  { name: 'Dashboard team', email: 'dashboard@dblearn.example' },
  { name: 'Content team', email: 'content@dblearn.example' },
];

const ADDRESS = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;
const NAMED = /^(.+?)\s*<([^<>]+)>$/;

/**
 * TEAM_CONTACTS is a comma-separated list of `Name <address>` or bare addresses, e.g.
 * `Ada Lovelace <ada@example.org>, grace@example.org`. A bare address is shown by its local part.
 */
export function parseTeamContacts(value: string): TeamContact[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) throw new ConfigError('TEAM_CONTACTS is set but names nobody.');
  return entries.map((entry) => {
    const named = NAMED.exec(entry);
    const name = named ? named[1]!.trim() : undefined;
    const email = (named ? named[2]! : entry).trim();
    if (!ADDRESS.test(email)) {
      throw new ConfigError(`TEAM_CONTACTS has "${entry}", which is not "Name <address>" or an e-mail address.`);
    }
    return { name: name ?? email.slice(0, email.indexOf('@')), email };
  });
}
