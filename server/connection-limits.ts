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
}

/**
 * Caps the server's sockets in all and per client address. When an address is
 * at its cap, its oldest idle keep-alive socket is closed to make room (a
 * browser reopens one it needs), so a crowd behind one office address is not
 * locked out by its own idle connections; with none idle, the new socket is
 * closed at once. Works for HTTP and HTTPS: 'connection' is the TCP socket
 * before any TLS, and requests are matched to it by the client's port.
 */
export function capConnections(server: Server, limits: ConnectionLimits, onRefused: (key: string) => void): void {
  server.maxConnections = limits.maxConnections;
  const perAddress = limits.maxConnectionsPerAddress;
  if (perAddress <= 0) return;
  const byKey = new Map<string, Map<string, Tracked>>();
  const where = (socket: { remoteAddress?: string | undefined; remotePort?: number | undefined }) =>
    socket.remoteAddress === undefined ? undefined : { key: clientKey(socket.remoteAddress), id: `${socket.remoteAddress}|${socket.remotePort}` };

  server.on("connection", (socket: Socket) => {
    const at = where(socket);
    if (!at) return;
    const sockets = byKey.get(at.key) ?? new Map<string, Tracked>();
    if (sockets.size >= perAddress) {
      const idle = [...sockets.values()].find((tracked) => tracked.answered && tracked.inFlight === 0);
      if (!idle) {
        onRefused(at.key);
        socket.destroy();
        return;
      }
      sockets.delete(idle.id);
      idle.socket.destroy();
    }
    sockets.set(at.id, { socket, id: at.id, inFlight: 0, answered: false });
    byKey.set(at.key, sockets);
    socket.once("close", () => {
      // Only if still ours: a reclaimed socket's entry is gone, and its port may be reused.
      if (sockets.get(at.id)?.socket !== socket) return;
      sockets.delete(at.id);
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
