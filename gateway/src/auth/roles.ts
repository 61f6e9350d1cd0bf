/** SPEC §6: every signed-in user is a learner; some are also administrators. */
export type Role = 'admin';

export const ROLES_KEY = 'dblearn:roles';
