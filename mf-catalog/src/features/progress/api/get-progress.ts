import { useGetMeQuery } from '@dblearn/web';

/**
 * The signed-in user's finished projects and read tutorials, from the one shared GET /users/me
 * (@dblearn/web): the shell's request and cache entry serve this area too.
 */
export function useProgress({ skip = false }: { skip?: boolean } = {}) {
  return useGetMeQuery(undefined, { skip });
}
