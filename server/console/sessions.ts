import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

/**
 * The console's session (requirement OPS-2): a random id in a `__Host-`
 * cookie (HttpOnly, Secure, SameSite=Strict, path /), stored only as its
 * hash; a form token derived from it for every change; and the rules for
 * how long it lives.
 */

export const SESSION_COOKIE = "__Host-veilvault-console";
/** A sign-in link works once, for this long. */
export const SIGN_IN_LINK_MINUTES = 15;
/** A session unused for this long ends. */
export const SESSION_IDLE_MINUTES = 30;
/** A session ends this long after sign-in, however busy. */
export const SESSION_MAX_HOURS = 8;
/** Sign-in requests one client address may make a minute (and SOURCE_LIMITS_PER_HOUR.console an hour). */
export const SIGN_IN_POSTS_PER_MINUTE = 5;
/** Sign-in links one client address may spend a minute: a link page's button, pressed by people, not scripts. */
export const LINK_POSTS_PER_MINUTE = 10;

const MINUTE_MS = 60_000;

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

export function sessionHash(id: string): string {
  return createHash("sha256").update(`veilvault-console-session.${id}`).digest("hex");
}

/** The session's lifetimes from `now`: idle, and absolute. */
export function sessionDeadlines(now: Date): { idleExpiresAt: Date; expiresAt: Date } {
  return { idleExpiresAt: new Date(now.getTime() + SESSION_IDLE_MINUTES * MINUTE_MS), expiresAt: new Date(now.getTime() + SESSION_MAX_HOURS * 60 * MINUTE_MS) };
}

export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${SESSION_MAX_HOURS * 3600}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`;
}

/** The session id the request carries, if it is one we could have made (43 URL-safe characters). */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== "string") return undefined;
  for (const part of header.slice(0, 8192).split(";")) {
    const equals = part.indexOf("=");
    if (equals === -1 || part.slice(0, equals).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(equals + 1).trim();
    return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  }
  return undefined;
}

/** The form token of a session: an HMAC of its hash under the link key, so it is never stored and differs per session. */
export function csrfToken(linkKey: Buffer, idHash: string): string {
  return createHmac("sha256", linkKey).update(`veilvault-console-form.${idHash}`).digest("base64url");
}

export function csrfMatches(expected: string, given: unknown): boolean {
  if (typeof given !== "string" || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
