import { useGetMeQuery } from '@dblearn/web';
import type { Progress } from '../../../lib/content.js';

/**
 * The signed-in user's finished projects and read tutorials, from the one shared GET /users/me
 * (@dblearn/web): the shell's request and cache entry serve this area too. Admins are not asked.
 */
export function useProgress({ skip = false }: { skip?: boolean } = {}) {
  const me = useGetMeQuery(undefined, { skip });
  return { ...me, data: me.data as Progress | undefined };
}
