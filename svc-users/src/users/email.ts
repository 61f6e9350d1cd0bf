/** E-mail is the username: one spelling per address, shared with the forms (see @dblearn/contracts). */
export { normalizeEmail } from '@dblearn/contracts';
