import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionGuardLimits {
  /** Open connections at most, all addresses together. */
  maxConnections: number;
  /** Open connections at most from one address. */
  maxConnectionsPerAddress: number;
  /** A new connection must have sent its first request's headers by then, however it drips them. */
  firstHeadersDeadlineMs: number;
}

interface Tracked {
  readonly socket: Socket;
  readonly address: string;
  /** A request is being answered on it: never evicted. */
  busy: boolean;
  deadline: NodeJS.Timeout | null;
}

/**
 * The edge's connection table (issue 17, finding 6: 1,010 sockets dripping a header byte every 4 s
 * held all of the 1,000 connections, and every ordinary request failed for 35 s). A connection
 * past a limit does not simply bounce: it takes the place of the oldest connection (of its
 * address, else of all) that has no request being answered, i.e. one still waiting for headers or
 * idle between requests, so a dripping client cannot keep a real request out. Only when every
 * connection is busy is the newcomer refused. A dripped byte resets Node's idle timer but never the
 * first-headers deadline here; later requests on a kept-alive connection meet Node's headersTimeout.
 */
export function guardConnections(server: Server, limits: ConnectionGuardLimits): void {
  // Insertion order is age: the first idle entry is the oldest.
  const open = new Map<Socket, Tracked>();
  const byAddress = new Map<string, Map<Socket, Tracked>>();

  const oldestIdle = (entries: Iterable<Tracked>): Tracked | undefined => {
    for (const entry of entries) if (!entry.busy) return entry;
    return undefined;
  };
  const forget = (entry: Tracked) => {
    if (entry.deadline) clearTimeout(entry.deadline);
    open.delete(entry.socket);
    const mine = byAddress.get(entry.address);
    mine?.delete(entry.socket);
    if (mine?.size === 0) byAddress.delete(entry.address);
  };
  /** Makes room by closing the oldest idle connection among these; false when all are busy. */
  const makeRoom = (entries: Map<Socket, Tracked>): boolean => {
    const victim = oldestIdle(entries.values());
    if (!victim) return false;
    forget(victim);
    victim.socket.destroy();
    return true;
  };

  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const mine = byAddress.get(address) ?? new Map<Socket, Tracked>();
    const fits =
      (mine.size < limits.maxConnectionsPerAddress || makeRoom(mine)) && (open.size < limits.maxConnections || makeRoom(open));
    if (!fits) {
      socket.destroy();
      return;
    }
    const entry: Tracked = { socket, address, busy: false, deadline: null };
    entry.deadline = setTimeout(() => socket.destroy(), limits.firstHeadersDeadlineMs).unref();
    open.set(socket, entry);
    mine.set(socket, entry);
    byAddress.set(address, mine);
    socket.once('close', () => forget(entry));
  });

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const entry = open.get(request.socket);
    if (!entry) return;
    if (entry.deadline) clearTimeout(entry.deadline);
    entry.deadline = null;
    entry.busy = true;
    response.once('close', () => {
      entry.busy = false;
    });
  });
}
