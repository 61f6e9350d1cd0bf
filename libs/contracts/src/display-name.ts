/**
 * Display names (issue 36): what everyone else sees of an account; the e-mail stays private. The
 * rules are shared by the forms and svc-users; which names count as taken (letter case and
 * look-alike characters) is decided on the server (`dto/look-alikes.ts`).
 */
export const DISPLAY_NAME_LIMITS = { min: 3, max: 30 } as const;

export const DISPLAY_NAME_LENGTH_MESSAGE = `Display name must be ${DISPLAY_NAME_LIMITS.min}–${DISPLAY_NAME_LIMITS.max} characters long.`;
export const DISPLAY_NAME_CHARACTERS_MESSAGE = 'Display name may use only letters, digits, spaces, ".", "_" and "-".';
export const DISPLAY_NAME_TEXT_MESSAGE = 'Display name must be text.';
export const DISPLAY_NAME_TAKEN_MESSAGE = 'That display name is taken.';

/** What a post of a deleted account shows instead of a name. */
export const DELETED_AUTHOR_NAME = 'deleted learner';

const ALLOWED = /^[\p{L}\p{M}\p{Nd} ._-]+$/u;

/** The name as stored: NFC, trimmed, inner runs of spaces made one. */
export function tidyDisplayName(name: string): string {
  return name.normalize('NFC').trim().replace(/ {2,}/g, ' ');
}

/** Why this name (as typed) cannot be a display name, or null when it can (taken or not is svc-users' call). */
export function displayNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return DISPLAY_NAME_TEXT_MESSAGE;
  const tidy = tidyDisplayName(name);
  const length = [...tidy].length;
  if (length < DISPLAY_NAME_LIMITS.min || length > DISPLAY_NAME_LIMITS.max) return DISPLAY_NAME_LENGTH_MESSAGE;
  if (!ALLOWED.test(tidy)) return DISPLAY_NAME_CHARACTERS_MESSAGE;
  return null;
}

/** `learner-4821`: the name of an account that has not chosen one (more digits after collisions). */
export function generatedDisplayName(digits = 4, random: () => number = Math.random): string {
  const low = 10 ** (digits - 1);
  return `learner-${low + Math.floor(random() * 9 * low)}`;
}
