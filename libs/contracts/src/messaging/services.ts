/**
 * The services behind the gateway. Each one answers NATS request-reply on `<name>.<operation>`
 * subjects in a queue group named after it, so several instances share the load.
 */
export const SERVICES = {
  users: { name: 'users', queue: 'svc-users', database: 'dblearn_users' },
  content: { name: 'content', queue: 'svc-content', database: 'dblearn_content' },
  community: { name: 'community', queue: 'svc-community', database: 'dblearn_community' },
} as const;
export type ServiceName = keyof typeof SERVICES;

/** Every service answers this with `{ status: 'ok' }`; the gateway's /health asks it. */
export function healthPattern(service: ServiceName): string {
  return `${service}.health`;
}
