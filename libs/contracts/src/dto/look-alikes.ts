import unhomoglyph from 'unhomoglyph';
import { EMAIL_RESERVED_DOMAIN_MESSAGE, isReservedDomain, RESERVED_DOMAINS } from '../email.js';

// Server-side only (the confusables table is ~100 kB): the browser checks the format, the servers what looks like what.

/**
 * The UTS #39 skeleton of `text` (Unicode's confusables.txt through `unhomoglyph`): two strings that
 * look alike have the same skeleton (`ı`→`i`, Cyrillic `а`→`a`, `0`→`O`, `m`→`rn`). NFKC first, so
 * compatibility forms (fullwidth letters) fold too.
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFKC')).normalize('NFKC');
}

/**
 * The keys under which a display name is claimed: equal keys mean "taken". Case and look-alikes
 * both count, and neither relation contains the other (`I` looks like `l`; `I` is `i` in another
 * case), so a name has up to two keys: its skeleton lower-cased, and the skeleton of its lower case.
 */
export function displayNameKeys(name: string): string[] {
  const compact = (text: string) => text.replace(/\s+/g, ' ').trim();
  return [...new Set([compact(skeleton(name).toLowerCase()), compact(skeleton(name.toLowerCase()).toLowerCase())])];
}

/** The reserved-domain check of `emailProblem`, on the address's skeleton: `demo.dblearn.ınvalid` is refused too (issue 30, Low 8). */
export function reservedLookAlikeProblem(email: string): string | null {
  const folded = foldEmail(email);
  const domain = folded.slice(folded.lastIndexOf('@') + 1).replace(/\.+$/, '');
  return isReservedDomain(domain, FOLDED_RESERVED_DOMAINS) ? EMAIL_RESERVED_DOMAIN_MESSAGE : null;
}

function foldEmail(text: string): string {
  return skeleton(text.toLowerCase()).toLowerCase();
}

const FOLDED_RESERVED_DOMAINS = RESERVED_DOMAINS.map(foldEmail);
