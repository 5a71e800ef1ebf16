import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { parseLeadBody } from "../../app/lib/lead-schema.ts";
import { NEWSLETTER_CONSENT_VERSION, parseNewsletterBody } from "../../app/lib/newsletter-schema.ts";
import { DEFAULT_LEADS_PATH, DEFAULT_NEWSLETTER_PATH } from "../../app/site/build-env.ts";
import { idempotencyKey, isSameOriginOrAllowed, ownOrigins, spamReason } from "./request-checks.ts";
import type { LeadStore } from "./store.ts";

export interface LeadServiceOptions {
  store: LeadStore;
  /** The public site origin (SITE_URL): posts from it are same-origin even behind a proxy. */
  siteUrl: string;
  /** Other origins allowed to post (LEADS_ALLOWED_ORIGINS), for a separate API host. */
  allowedOrigins: readonly string[];
  /** Requests per client IP and minute, per endpoint. */
  ratePerMinute: number;
  /** A form sent faster than this after it opened is flagged as spam. */
  minFillMs: number;
}

/** Lead bodies are a few kilobytes at most; anything far bigger is not a lead. */
export const LEAD_BODY_LIMIT_BYTES = 32 * 1024;
/** How long a client should wait before retrying when storage is unavailable. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

function isJson(request: FastifyRequest): boolean {
  const type = request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/** Storage failed: the client keeps its data and may retry; never a 201. */
function storageUnavailable(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  // The error names the database problem; it never holds the lead itself.
  request.log.error({ err: error }, "lead storage unavailable");
  return reply
    .code(503)
    .header("Retry-After", String(STORAGE_RETRY_AFTER_SECONDS))
    .send({ error: "We could not store your message just now. Please try again in a moment." });
}

/**
 * The lead service (DECISIONS.md 'The lead service'): `POST /id/website/leads`
 * and `POST /id/website/newsletter`. JSON only (415), bounded bodies (413),
 * same origin unless configured (403), rate-limited per IP (429 with
 * Retry-After), validated by the form's own schema with unknown fields refused
 * (400), and answered 201 only once the store has committed.
 */
export async function registerLeadService(app: FastifyInstance, options: LeadServiceOptions): Promise<void> {
  await app.register(rateLimit, { global: false });
  const routeConfig = {
    bodyLimit: LEAD_BODY_LIMIT_BYTES,
    config: { rateLimit: { max: options.ratePerMinute, timeWindow: 60_000 } },
  };

  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    if (!isSameOriginOrAllowed(request.headers, ownOrigins(request.headers, options.siteUrl), options.allowedOrigins)) {
      return reply.code(403).send({ error: "Cross-site requests are not accepted" });
    }
    if (!isJson(request)) return reply.code(415).send({ error: "Send the body as application/json" });
  }

  app.post(DEFAULT_LEADS_PATH, { ...routeConfig, onRequest: guard }, async (request, reply) => {
    const key = idempotencyKey(request.headers);
    if (key === false) return reply.code(400).send({ error: "Idempotency-Key must be 8-128 letters, digits, - or _" });
    const parsed = parseLeadBody(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: "Some fields need attention", fields: parsed.errors });
    const spam = spamReason(request.headers, options.minFillMs);
    let saved;
    try {
      saved = await options.store.saveLead(parsed.value, { idempotencyKey: key, spamReason: spam });
    } catch (error) {
      return storageUnavailable(request, reply, error);
    }
    if (saved.status === "key-reused") {
      return reply.code(422).send({ error: "This Idempotency-Key was already used for a different message" });
    }
    request.log.info({ leadId: saved.id, replayed: saved.status === "replayed", spam: Boolean(spam) }, "lead stored");
    if (saved.status === "replayed") reply.header("Idempotent-Replayed", "true");
    return reply.code(201).send({ id: saved.id });
  });

  app.post(DEFAULT_NEWSLETTER_PATH, { ...routeConfig, onRequest: guard }, async (request, reply) => {
    const parsed = parseNewsletterBody(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: "Some fields need attention", fields: parsed.errors });
    let saved;
    try {
      saved = await options.store.saveSubscriber(parsed.value.email, NEWSLETTER_CONSENT_VERSION);
    } catch (error) {
      return storageUnavailable(request, reply, error);
    }
    request.log.info({ subscriberId: saved.id, created: saved.created }, "newsletter sign-up stored");
    // The same answer either way, so the endpoint does not reveal who is subscribed.
    return reply.code(201).send({ subscribed: true });
  });
}
