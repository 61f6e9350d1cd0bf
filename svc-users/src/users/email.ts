/** E-mail is the username and unique whatever its letter case: compare and store it this way. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
