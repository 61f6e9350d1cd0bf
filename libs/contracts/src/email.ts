/**
 * One spelling per e-mail, shared by the forms and every server (issue 6, look-alike accounts):
 * NFKC folds compatibility forms (fullwidth `ａ` → `a`), then lower case. An address that would
 * still look like another one is refused rather than stored:
 * - invisible and format characters anywhere (zero-width space, soft hyphen, bidi marks…);
 * - any non-ASCII character before the `@` (Cyrillic `а`, dotless `ı`…). We chose this over a
 *   mixed-script check: it is simple to state and to test, and costs only people whose mailbox name
 *   itself is not ASCII. Domains may be international but not mix Latin with another script.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

export const EMAIL_INVISIBLE_MESSAGE = 'E-mail must not contain invisible or formatting characters.';
export const EMAIL_LOCAL_PART_MESSAGE = 'The part of the e-mail before the @ must use plain Latin letters, digits and punctuation only.';
export const EMAIL_MIXED_SCRIPTS_MESSAGE = 'The e-mail’s domain must not mix Latin letters with letters of another alphabet.';
export const EMAIL_RESERVED_DOMAIN_MESSAGE = 'This e-mail’s domain is reserved for demo content and cannot be registered; use your own address.';

/**
 * Demo content's authors (the seeded Q&A threads) write from this domain: `.invalid` is reserved
 * (RFC 6761) and refused below, so nobody can register a demo author's address and with it edit
 * their questions (issue 17, finding 8).
 */
export const DEMO_AUTHOR_DOMAIN = 'demo.dblearn.invalid';
/** Refused at registration: the reserved `.invalid` TLD, and the demo authors' domain before issue 17 (platforms seeded then still hold their threads). */
export const RESERVED_DOMAINS = ['invalid', 'dblearn.example'] as const;

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]|[^\S ]/u;
const LATIN = /\p{Script=Latin}/u;
const OTHER_LETTER = /(?=\p{L})\P{Script=Latin}/u;

/** Why this address (as typed) cannot be an account's, or null when it can. */
export function emailProblem(email: string): string | null {
  if (INVISIBLE.test(email)) return EMAIL_INVISIBLE_MESSAGE;
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf('@');
  const local = at < 0 ? normalized : normalized.slice(0, at);
  if (!/^[\x21-\x7e]*$/.test(local)) return EMAIL_LOCAL_PART_MESSAGE;
  const domain = at < 0 ? '' : normalized.slice(at + 1);
  if (domain.split('.').some((label) => LATIN.test(label) && OTHER_LETTER.test(label))) return EMAIL_MIXED_SCRIPTS_MESSAGE;
  if (isReservedDomain(domain.replace(/\.+$/, ''), RESERVED_DOMAINS)) return EMAIL_RESERVED_DOMAIN_MESSAGE;
  return null;
}

/** `bare`: a lower-case domain without its trailing dots. The servers also check its look-alikes (`dto/look-alikes.ts`). */
export function isReservedDomain(bare: string, reservedDomains: readonly string[]): boolean {
  return reservedDomains.some((reserved) => bare === reserved || bare.endsWith(`.${reserved}`));
}
