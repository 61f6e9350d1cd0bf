import { LIMITS, requiredMessage } from '@dblearn/contracts';
import { textRules } from '@dblearn/ui';

const { email, password } = LIMITS.user;

// The username is the e-mail: its sentences name it as the gateway's do, so both sides read alike.
export const emailRules = textRules('E-mail', email);
export const passwordRules = textRules('Password', password);

export const skillRules = { required: requiredMessage('Skill') };
