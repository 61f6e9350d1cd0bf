import { displayNameProblem, FIELD_LABELS, LIMITS, requiredMessage } from '@dblearn/contracts';
import { textRules } from '@dblearn/ui';

const { email, password } = LIMITS.user;

// The username is the e-mail: its sentences name it as the gateway's do, so both sides read alike.
export const emailRules = textRules(FIELD_LABELS.user.email, email);
export const passwordRules = textRules(FIELD_LABELS.user.password, password);

export const skillRules = { required: requiredMessage(FIELD_LABELS.user.skill) };

/** Optional at sign-up: empty is fine; otherwise the rules svc-users applies (taken or not, only it knows). */
export const displayNameRules = { validate: (value: string) => value.trim() === '' || (displayNameProblem(value) ?? true) };
