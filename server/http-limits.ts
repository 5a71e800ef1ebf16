import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CSP } from "../common/security-headers.ts";

/**
 * How long a client may take, in milliseconds. Without these a client that
 * sends its headers and then a few body bytes held a socket for good, and a
 * few hundred of them used up the process's file descriptors.
 */
export interface HttpTimeouts {
  /** From the first byte of a request to the end of its headers (slow-header attacks). */
  headersMs: number;
  /** From the first byte of a request to the end of its body, however the bytes trickle in. */
  requestMs: number;
  /** Silence on a socket in the middle of a request: a stalled body. */
  idleMs: number;
  /** Silence on a kept-alive socket between requests. */
  keepAliveMs: number;
  /** How often Node checks the header and request deadlines; a deadline may be late by this much. */
  checkIntervalMs: number;
  /** After SIGTERM, in-flight requests get this long before their sockets are closed. */
  shutdownMs: number;
}

/**
 * A lead is a few kilobytes: on a 2G link (about 6 KB/s) it arrives well inside
 * these. Kept-alive sockets outlive the 60 s idle timeout of the usual load
 * balancers, so the balancer closes them first: the other way round, a request
 * it sends as we close races the close and fails with a 502. The shutdown
 * deadline is shorter than a container runtime's usual 10 s grace period, so
 * we close sockets ourselves before being killed.
 */
export const HTTP_TIMEOUTS: Readonly<HttpTimeouts> = {
  headersMs: 10_000,
  requestMs: 30_000,
  idleMs: 15_000,
  keepAliveMs: 65_000,
  checkIntervalMs: 1_000,
  shutdownMs: 8_000,
};

/** Node's client errors and what they mean to the client. */
function statusFor(code: string | undefined): number {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return 408;
  if (code === "HPE_HEADER_OVERFLOW") return 431;
  return 400;
}

/** The socket's response, if Node has started one (its private field; no public way to ask). */
interface SocketWithResponse extends Duplex {
  _httpMessage?: { headersSent?: boolean };
}

/**
 * Answers the errors Node raises before a request reaches routing (malformed
 * request line, headers too large, a missed deadline) with the same security
 * headers as every other response, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const responseStarted = (socket as SocketWithResponse)._httpMessage?.headersSent === true;
  if (socket.writable && !responseStarted) {
    const status = statusFor(error.code);
    const body = JSON.stringify({ error: STATUS_CODES[status] });
    const headers = {
      ...COMMON_SECURITY_HEADERS,
      "Content-Security-Policy": NON_PAGE_CSP,
      "Cache-Control": "no-store",
      "Content-Type": "application/json; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(body)),
      Connection: "close",
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    // Written and then destroyed, as Node itself does: a small write leaves at
    // once, and waiting for a hostile client to read it would hold the socket.
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
  }
  socket.destroy();
}
