import { STATUS_CODES, type IncomingMessage, type ServerResponse } from "node:http";
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

/**
 * Retry-After of a request refused because the server is shutting down: longer
 * than the shutdown deadline, so by then this process has gone and a
 * restarted one, or another instance, answers.
 */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 10;

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

/** The headers of an answer given before routing: the full security set (requirement SEC-1), and the connection closes. */
function earlyAnswerHeaders(body: string): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    "Content-Security-Policy": NON_PAGE_CSP,
    "Cache-Control": "no-store",
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  };
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
    const head = Object.entries(earlyAnswerHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`);
    // Written and then destroyed, as Node itself does: a small write leaves at
    // once, and waiting for a hostile client to read it would hold the socket.
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
  }
  socket.destroy();
}

/**
 * Node's 'checkExpectation': a request whose `Expect` is not `100-continue`.
 * Node's own answer is a bare 417; this one carries the security headers.
 * (`Expect: 100-continue` never comes here: Node answers 100 and routes it.)
 */
export function answerExpectationFailed(_request: IncomingMessage, response: ServerResponse): void {
  const body = JSON.stringify({ error: STATUS_CODES[417] });
  response.writeHead(417, earlyAnswerHeaders(body));
  response.end(body);
}

/**
 * Why a request's Host header is unacceptable (RFC 9112, section 3.2): an
 * HTTP/1.1 request must carry exactly one, and no request may carry two. Node
 * checks the first itself only with a bare 400 of its own, so the server turns
 * that off (`requireHostHeader: false`) and answers here, through the routes,
 * with the security headers.
 */
export function hostHeaderProblem(request: Pick<IncomingMessage, "httpVersionMajor" | "httpVersionMinor" | "rawHeaders">): string | undefined {
  let count = 0;
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]?.toLowerCase() === "host") count += 1;
  }
  if (count > 1) return "more than one Host header";
  if (count === 0 && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) return "no Host header";
  return undefined;
}
