/**
 * Who may use the editor's backend (EDIT-6). The development server listens
 * on 127.0.0.1, where every program on the machine, and any web page through
 * DNS rebinding, can reach it. So the backend answers only:
 *  - a request whose Host names this server as this machine does (127.0.0.1
 *    or localhost with the port it came in on): a rebinding page's Host is its
 *    own name;
 *  - from the editor's own origin, when the browser says where it comes from
 *    (Origin, Sec-Fetch-Site);
 *  - carrying this run's key, 256 random bits made by `npm run cms` and
 *    printed in its terminal, which the editor's page keeps for its tab: a
 *    program that can only reach the port does not have it.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { EDITOR_KEY_HEADER } from "./editor-api.ts";

/** A refusal before any file is looked at. */
export interface Refused {
  status: 403 | 405 | 415;
  message: string;
}

/** This run's key: 256 random bits, URL-safe. */
export function newEditorKey(): string {
  return randomBytes(32).toString("base64url");
}

/** A key long enough to be this run's, not a guessable one set by hand. */
export const isEditorKey = (key: string | undefined): key is string => key !== undefined && /^[\w-]{43,}$/.test(key);

/** The Host values that name this server as this machine does, on the port a request came in on. */
const ownHosts = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`];

/** Refuses a request to any of the editor's addresses whose Host is not this server's own. */
export function hostRefusal(headers: IncomingHttpHeaders, port: number): Refused | undefined {
  const host = headers.host?.toLowerCase();
  if (host !== undefined && ownHosts(port).includes(host)) return undefined;
  return { status: 403, message: `the editor answers only at http://127.0.0.1:${port} or http://localhost:${port}` };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Refuses a call to the backend unless it is the editor's page's own: the Host, the origin, the method, JSON, and this run's key. */
export function backendRefusal(method: string | undefined, headers: IncomingHttpHeaders, port: number, key: string): Refused | undefined {
  const host = hostRefusal(headers, port);
  if (host) return host;
  const { origin } = headers;
  if (origin !== undefined && origin.toLowerCase() !== `http://${headers.host?.toLowerCase() ?? ""}`) return { status: 403, message: "the editor's backend answers only the editor's own page" };
  const site = headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin") return { status: 403, message: "the editor's backend answers only the editor's own page" };
  if (method !== "POST") return { status: 405, message: "the editor's backend takes POST only" };
  if (!/^application\/json\s*(;|$)/i.test(headers["content-type"] ?? "")) return { status: 415, message: "the editor's backend takes JSON only" };
  const given = headers[EDITOR_KEY_HEADER];
  // Compared as digests, so the time taken says nothing about the key.
  if (typeof given !== "string" || !timingSafeEqual(digest(given), digest(key))) {
    return { status: 403, message: "this run's editor key is missing or wrong: open the address `npm run cms` printed in its terminal" };
  }
  return undefined;
}
