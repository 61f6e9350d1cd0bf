/**
 * Every HTTP server of DBLearn (gateway, shell server, static servers) gets these (issue 6: a client
 * sending one byte every 10 s held a connection for 320 s). Structural, so this file needs no Node types.
 */
export const HTTP_SERVER_LIMITS = {
  /** All headers must arrive within this. */
  headersTimeoutMs: 10_000,
  /** The whole request, body included. */
  requestTimeoutMs: 30_000,
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A connection whose request headers stall this long is closed (a slow drip of bytes). */
  idleTimeoutMs: 5_000,
  /** Connections beyond this are refused at once (the edge evicts an idle one instead, see gateway/src/edge). */
  maxConnections: 1_000,
  /** The edge: open connections from one client address (issue 17: one client held all 1,000). */
  maxConnectionsPerAddress: 64,
  /** How often Node enforces headersTimeout and requestTimeout on servers that set it (its default is 30 s). */
  connectionsCheckingIntervalMs: 1_000,
} as const;

/** The same rules with other values (a test's short limits); `as const` alone would admit only the defaults. */
export type HttpServerLimits = Readonly<Record<keyof typeof HTTP_SERVER_LIMITS, number>>;

interface TimedSocket {
  setTimeout(ms: number): unknown;
}

export interface LimitableHttpServer {
  headersTimeout: number;
  requestTimeout: number;
  /** Read by Node when the server starts listening: set it before `listen`. */
  connectionsCheckingInterval?: number;
  keepAliveTimeout: number;
  maxConnections: number;
  on(event: 'connection', listener: (socket: TimedSocket) => void): unknown;
  on(event: 'request', listener: (request: { socket: TimedSocket }) => void): unknown;
}

/**
 * Node checks headersTimeout and requestTimeout every connectionsCheckingInterval (set here: call this
 * before `listen`); a stalled header also meets an idle timer, which stops once the headers are in: a
 * slow answer (a large import) is not cut off.
 */
export function applyHttpServerLimits<T extends LimitableHttpServer>(server: T, limits: HttpServerLimits = HTTP_SERVER_LIMITS): T {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  // Issue 17: with Node's 30 s default a client dripping header bytes (each one resets the idle
  // timer below) kept its connection 40 s past the 10 s header limit.
  server.connectionsCheckingInterval = limits.connectionsCheckingIntervalMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on('connection', (socket) => socket.setTimeout(limits.idleTimeoutMs));
  server.on('request', (request) => request.socket.setTimeout(0));
  return server;
}

/** CONTRACT: JSON bodies nest at most this deep; deeper is a 400 before any parsing or validation work. */
export const JSON_MAX_DEPTH = 32;

/** A 400 lists at most this many broken rules, then says how many more there were. */
export const MAX_ERROR_MESSAGES = 20;
