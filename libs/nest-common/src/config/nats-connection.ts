import { busInboxPrefix } from '@dblearn/contracts';

/** What nats.js `connect()` needs from a NATS_URL: servers, and the credentials the URL carries. */
export interface NatsConnectionOptions {
  servers: string[];
  user?: string;
  pass?: string;
  /** Replies come back on the user's own inbox prefix: the bus lets no one else read them. */
  inboxPrefix?: string;
}

/**
 * NATS_URL may carry the process's bus credentials, `nats://svc-users:<password>@127.0.0.1:4222`
 * (the launcher hands each process its own). nats.js ignores credentials in a URL, so every
 * connection goes through here. Several servers may be given, comma-separated.
 */
export function natsConnectionOptions(natsUrl: string): NatsConnectionOptions {
  let user: string | undefined;
  let pass: string | undefined;
  const servers = natsUrl
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean)
    .map((server) => {
      const match = /^([a-z]+:\/\/)([^/@]*)@(.*)$/i.exec(server);
      if (!match) return server;
      const [, scheme, credentials, rest] = match as unknown as [string, string, string, string];
      const colon = credentials.indexOf(':');
      user = decodeURIComponent(colon < 0 ? credentials : credentials.slice(0, colon));
      pass = colon < 0 ? undefined : decodeURIComponent(credentials.slice(colon + 1));
      return `${scheme}${rest}`;
    });
  return {
    servers,
    ...(user ? { user, inboxPrefix: busInboxPrefix(user) } : {}),
    ...(pass !== undefined ? { pass } : {}),
  };
}
