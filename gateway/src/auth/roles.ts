import type { TokenClaims } from '@dblearn/contracts';

/** SPEC §6: every signed-in user is a learner; some are also administrators. */
export type Role = 'admin';

export const ROLES_KEY = 'dblearn:roles';

export function hasRole(user: TokenClaims, role: Role): boolean {
  switch (role) {
    case 'admin':
      return user.isAdmin === true;
  }
}
