import type { IncomingMessage, ServerResponse } from "node:http";
import type { Server, Socket } from "node:net";
import { TLSSocket } from "node:tls";

/**
 * How many sockets the server keeps, and how long a response may take to
 * leave. Without these one client held 1,100 sockets (idle keep-alives, and
 * slow readers that take a response a byte at a time) and used up a
 * 1,024-descriptor limit, so nobody else could connect.
 */
export interface ConnectionLimits {
  /** Open sockets in all (MAX_CONNECTIONS); Node closes any beyond it as it arrives. */
  maxConnections: number;
  /** Open sockets per client address, IPv6 per /64 (MAX_CONNECTIONS_PER_ADDRESS); 0: no cap. */
  maxConnectionsPerAddress: number;
  /** A response must be fully written within this long of starting, or its socket is closed (RESPONSE_DRAIN_MS); 0: no deadline. */
  responseDrainMs: number;
}

/**
 * 900 stays under the usual 1,024 descriptors with room for the database,
 * mail and webhook connections, files being sent and Node's own.
 */
export const DEFAULT_MAX_CONNECTIONS = 900;
/**
 * A browser opens at most 6 connections to a host; 64 lets about ten people
 * behind one office's address load pages at once, while one client alone
 * holds only 64 of the 900.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;
/**
 * Our largest file, the SOC 2 guide, is about 75 KB: 30 s gets it to a 2G
 * visitor (about 6 KB/s) with room to spare.
 */
export const DEFAULT_RESPONSE_DRAIN_MS = 30_000;

/**
 * The defaults. Behind a proxy every socket comes from the proxy's address,
 * so a per-address cap would cap everyone together: it is off unless set.
 */
export function defaultConnectionLimits(trustProxyHops: number): ConnectionLimits {
  return {
    maxConnections: DEFAULT_MAX_CONNECTIONS,
    maxConnectionsPerAddress: trustProxyHops > 0 ? 0 : DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
    responseDrainMs: DEFAULT_RESPONSE_DRAIN_MS,
  };
}

/**
 * Whom a socket counts against: its IPv4 address, or the /64 of its IPv6
 * address, since one IPv6 client is given a whole /64 to pick addresses from.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

interface Tracked {
  socket: Socket;
  /** The client's address and port: how a request finds its socket (over TLS it has another object). */
  id: string;
  /** Requests received on it whose responses are not yet finished. */
  inFlight: number;
  /** At least one response was sent on it: with nothing in flight it is an idle keep-alive. */
  answered: boolean;
  /** When it connected (performance.now()). */
  openedAt: number;
}

/**
 * A browser sends its first request within moments of connecting; a socket
 * that has not finished one after this long is a preconnect it may never use,
 * or a client holding it on purpose.
 */
export const UNUSED_SOCKET_GRACE_MS = 1_000;

/**
 * "Near the cap": when this share of MAX_CONNECTIONS is open, each new socket
 * closes an idle one (90 of the default 900), so the last sockets are kept
 * for addresses that hold none.
 */
export const RESERVE_SHARE = 0.1;

/**
 * May this socket be closed to make room? Only with no request in flight: a
 * kept-alive socket after its response (a browser retries a request on one
 * that closes), or one that has not finished a request within the grace.
 * Kept-alive ones go first, since a client just connected may yet use its socket.
 */
function idleRank(tracked: Tracked, now: number): number {
  if (tracked.inFlight > 0) return 0;
  if (tracked.answered) return 2;
  return now - tracked.openedAt >= UNUSED_SOCKET_GRACE_MS ? 1 : 0;
}

/** The address's best socket to close: the oldest of the highest rank (the map keeps the order they connected in). */
function mostIdle(sockets: ReadonlyMap<string, Tracked>, now: number): Tracked | undefined {
  let best: Tracked | undefined;
  let bestRank = 0;
  for (const tracked of sockets.values()) {
    const rank = idleRank(tracked, now);
    if (rank > bestRank) {
      best = tracked;
      bestRank = rank;
      if (rank === 2) break;
    }
  }
  return best;
}

/**
 * Caps the server's sockets in all and per client address (requirement
 * SEC-12). When an address is at its cap, its most idle socket is closed to
 * make room (a browser reopens one it needs), so a crowd behind one office
 * address is not locked out by its own idle connections; with none idle, the
 * new socket is closed at once. Near the total cap, each new socket closes an
 * idle one of the address that holds the most, so a few addresses at their
 * caps cannot take the last sockets from everyone else. Sockets with a
 * request in flight are never closed here: the request and drain deadlines
 * bound how long they stay. Works for HTTP and HTTPS: 'connection' is the TCP
 * socket before any TLS, and requests are matched to it by the client's port.
 */
export function capConnections(server: Server, limits: ConnectionLimits, onRefused: (key: string) => void): void {
  const perAddress = limits.maxConnectionsPerAddress;
  if (perAddress <= 0) {
    server.maxConnections = limits.maxConnections;
    return;
  }
  // Node closes a socket beyond its own cap before anyone sees it; one more
  // than ours lets the handler below see every socket at the cap, make room
  // or close it. Node's cap stays as a backstop.
  server.maxConnections = limits.maxConnections + 1;
  const nearCap = limits.maxConnections - Math.max(1, Math.floor(limits.maxConnections * RESERVE_SHARE));
  const byKey = new Map<string, Map<string, Tracked>>();
  let open = 0;
  const where = (socket: { remoteAddress?: string | undefined; remotePort?: number | undefined }) =>
    socket.remoteAddress === undefined ? undefined : { key: clientKey(socket.remoteAddress), id: `${socket.remoteAddress}|${socket.remotePort}` };
  const close = (sockets: Map<string, Tracked>, tracked: Tracked) => {
    sockets.delete(tracked.id);
    open -= 1;
    tracked.socket.destroy();
  };

  /** Closes an idle socket of the address holding the most that has one; one pass over the addresses, only near the cap. */
  const makeRoom = (now: number) => {
    let victim: { sockets: Map<string, Tracked>; tracked: Tracked } | undefined;
    for (const sockets of byKey.values()) {
      if (victim && sockets.size <= victim.sockets.size) continue;
      const tracked = mostIdle(sockets, now);
      if (tracked) victim = { sockets, tracked };
    }
    if (victim) close(victim.sockets, victim.tracked);
  };

  server.on("connection", (socket: Socket) => {
    const at = where(socket);
    if (!at) return;
    const now = performance.now();
    const sockets = byKey.get(at.key) ?? new Map<string, Tracked>();
    if (sockets.size >= perAddress) {
      const idle = mostIdle(sockets, now);
      if (!idle) {
        onRefused(at.key);
        socket.destroy();
        return;
      }
      close(sockets, idle);
    } else if (open >= nearCap) {
      makeRoom(now);
      if (open >= limits.maxConnections) {
        socket.destroy();
        return;
      }
    }
    sockets.set(at.id, { socket, id: at.id, inFlight: 0, answered: false, openedAt: now });
    open += 1;
    byKey.set(at.key, sockets);
    socket.once("close", () => {
      // Only if still ours: a reclaimed socket's entry is gone, and its port may be reused.
      if (sockets.get(at.id)?.socket !== socket) return;
      sockets.delete(at.id);
      open -= 1;
      if (sockets.size === 0 && byKey.get(at.key) === sockets) byKey.delete(at.key);
    });
  });

  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const at = where(request.socket);
    const tracked = at ? byKey.get(at.key)?.get(at.id) : undefined;
    if (!tracked) return;
    tracked.inFlight += 1;
    response.once("close", () => {
      tracked.inFlight -= 1;
      tracked.answered = true;
    });
  });
}

/**
 * Resets the connection: a plain close would leave the kernel still sending
 * the bytes it holds to this very client. TLS sockets can only be closed.
 */
function reset(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket instanceof TLSSocket) {
    socket.destroy();
    return;
  }
  try {
    socket.resetAndDestroy();
  } catch {
    socket.destroy();
  }
}

/**
 * Resets the socket of a response not fully written within `ms` of starting.
 * 'finish' comes only once the last byte is handed to the kernel, so a client
 * that stops reading, or reads a byte at a time, never reaches it; every
 * write it does take resets the idle timeout, which alone would keep it for good.
 */
export function drainDeadline(response: ServerResponse, ms: number, onMissed: () => void): void {
  if (ms <= 0 || response.writableFinished) return;
  const timer = setTimeout(() => {
    if (!response.socket) return;
    onMissed();
    reset(response.socket);
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  response.once("finish", clear);
  response.once("close", clear);
}
