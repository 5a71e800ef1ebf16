import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { EMAIL_FORMAT_MESSAGE, parseLeadBody } from "../../common/lead-schema.ts";
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_MESSAGES, parseNewsletterBody } from "../../common/newsletter-schema.ts";
import { DEFAULT_LEADS_PATH, DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { idempotencyKey, isSameOriginOrAllowed, ownOrigins, spamReason } from "./request-checks.ts";
import { registerCors } from "./cors.ts";
import type { LeadStore } from "./store.ts";
import { CONFIRMATION_VALID_MS, isWellFormedToken, newJobId, tokenHash, UNSUBSCRIBE_LINK_VALID_MS } from "./outbox.ts";
import { linkTokens } from "./link-tokens.ts";
import { canonicalMailbox, plainMailbox } from "./mailbox.ts";
import { leadJobs, NO_DELIVERY, signUpJobs, subscriberChangeJobs, type OutboxRouting } from "./jobs.ts";
import { NEWSLETTER_PATHS } from "./newsletter-paths.ts";
import { registerTrustService, type TrustServiceOptions } from "../trust/routes.ts";
import type { TrustLibrary } from "../trust/documents.ts";
import type { TrustRequestCaps } from "./store.ts";
import type { TrafficCounter } from "../analytics/counter.ts";
import { hourlySourceLimit, SOURCE_LIMITS_PER_HOUR, type CapHitCounter, type SourceLimits } from "./cap-hits.ts";

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
  /** Which jobs to write for a lead or sign-up; without it every channel is off. */
  routing?: OutboxRouting;
  /** Called once jobs are committed, so the deliverer sends them now rather than at its next look. */
  jobsWritten?: () => void;
  /** The key newsletter and Trust Center links are derived with (server/leads/link-tokens.ts); kept outside the database. */
  linkKey: Buffer;
  /** Counts a lead and a confirmed sign-up for the visitor's landing page (requirement ANA-4); absent when counting is off. */
  traffic?: Pick<TrafficCounter, "conversion">;
  /** The Trust Center's gated documents and request caps; without them its endpoints are not served. */
  trust?: { library: TrustLibrary; caps: TrustRequestCaps; now?: () => Date; stamping?: TrustServiceOptions["stamping"] };
  /** Counts the limits that act (requirement OPS-10), for the console. */
  capHits?: CapHitCounter;
  /** Posts a client address may make an hour of each form that sends e-mail; SOURCE_LIMITS_PER_HOUR unless a test sets others. */
  sourceLimitsPerHour?: SourceLimits;
  /** How long after its handler starts a sign-up is answered, whatever happened; SIGN_UP_ANSWER_MS unless a test sets it. */
  signUpAnswerMs?: number;
}

/**
 * Every sign-up is answered this long after its handler starts, whatever the
 * store did (LEAD-23): a new address is written, a confirmed one is not, and
 * the difference in time told a confirmed address from a new one.
 */
export const SIGN_UP_ANSWER_MS = 150;

/**
 * Resolves at `deadline` (performance.now() time), to a few hundredths of a
 * millisecond. A timer alone fires on whole milliseconds after the time asked,
 * so its lateness depends on how long the work before it took, and that told
 * the two sign-up paths apart in 62 % of pairs; the last two milliseconds are
 * waited out a turn of the event loop at a time, which lets other requests run.
 */
async function answerAt(deadline: number): Promise<void> {
  const coarse = deadline - performance.now() - 2;
  if (coarse > 0) await new Promise((resolve) => setTimeout(resolve, coarse));
  while (performance.now() < deadline) await new Promise((resolve) => setImmediate(resolve));
}

/** The body a link page's button or a mail client's one-click POST sends (RFC 8058): tiny, and never needed. */
const LINK_BODY_LIMIT_BYTES = 1024;

/** Lead bodies are a few kilobytes at most; anything far bigger is not a lead. */
export const LEAD_BODY_LIMIT_BYTES = 32 * 1024;
/** How long a client should wait before retrying when storage is unavailable. */
const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * Why a Content-Type cannot carry a lead: not JSON, or JSON declared in a
 * charset other than UTF-8 (decoding it as UTF-8 would store mangled text).
 * No charset means UTF-8, as JSON requires.
 */
export function contentTypeProblem(header: string | undefined): "not-json" | "not-utf8" | undefined {
  const [type = "", ...parameters] = (header ?? "").split(";");
  if (type.trim().toLowerCase() !== "application/json") return "not-json";
  for (const parameter of parameters) {
    const equals = parameter.indexOf("=");
    if (parameter.slice(0, equals).trim().toLowerCase() !== "charset") continue;
    const charset = parameter.slice(equals + 1).trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return "not-utf8";
  }
  return undefined;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

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
 * The lead service (requirements LEAD-1 to LEAD-15): `POST /id/website/leads`
 * and `POST /id/website/newsletter`. JSON only (415), bounded bodies (413),
 * same origin unless configured (403), rate-limited per IP (429 with
 * Retry-After), validated by the form's own schema with unknown fields refused
 * (400), and answered 201 only once the store has committed.
 */
export async function registerLeadService(app: FastifyInstance, options: LeadServiceOptions): Promise<void> {
  const routing = options.routing ?? NO_DELIVERY;
  registerCors(app, options.allowedOrigins, { trustCenter: Boolean(options.trust) });
  await app.register(rateLimit, { global: false });
  // Bytes that are not UTF-8 are refused rather than turned into U+FFFD, so
  // what is stored is what the visitor typed. Then Fastify's own JSON parser,
  // with its prototype-poisoning checks.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    let text: string;
    try {
      text = strictUtf8.decode(body as Buffer);
    } catch {
      done(Object.assign(new Error("The body is not valid UTF-8"), { statusCode: 400 }), undefined);
      return;
    }
    // Synchronous: it answers through done.
    void parseJson(request, text, done);
  });
  // Per endpoint and client address; each refusal is counted for the console (OPS-10).
  const perMinute = (kind: "source-limit-lead" | "source-limit-newsletter" | "source-limit-trust") => ({
    max: options.ratePerMinute,
    timeWindow: 60_000,
    onExceeded: () => options.capHits?.count(kind),
  });
  const routeConfig = { bodyLimit: LEAD_BODY_LIMIT_BYTES, config: { rateLimit: perMinute("source-limit-lead") } };
  const newsletterConfig = { bodyLimit: LEAD_BODY_LIMIT_BYTES, config: { rateLimit: perMinute("source-limit-newsletter") } };

  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const arrivedAt = { address: request.socket.localAddress, port: request.socket.localPort };
    if (!isSameOriginOrAllowed(request.headers, ownOrigins(options.siteUrl, arrivedAt), options.allowedOrigins)) {
      return reply.code(403).send({ error: "Cross-site requests are not accepted" });
    }
    const problem = contentTypeProblem(request.headers["content-type"]);
    if (problem === "not-json") return reply.code(415).send({ error: "Send the body as application/json" });
    if (problem === "not-utf8") return reply.code(415).send({ error: "Send the body in UTF-8" });
  }

  app.post(DEFAULT_LEADS_PATH, { ...routeConfig, onRequest: guard }, async (request, reply) => {
    const key = idempotencyKey(request.headers);
    if (key === false) return reply.code(400).send({ error: "Idempotency-Key must be 8-128 letters, digits, - or _" });
    const parsed = parseLeadBody(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: "Some fields need attention", fields: parsed.errors });
    // The address becomes the sales e-mail's Reply-To: it must be one mailbox as nodemailer reads it (requirement LEAD-23).
    if (!plainMailbox(parsed.value.email)) return reply.code(400).send({ error: "Some fields need attention", fields: { email: EMAIL_FORMAT_MESSAGE } });
    const spam = spamReason(request.headers, options.minFillMs);
    const jobs = leadJobs(routing, Boolean(spam));
    let saved;
    try {
      saved = await options.store.saveLead(parsed.value, { idempotencyKey: key, spamReason: spam, jobs });
    } catch (error) {
      return storageUnavailable(request, reply, error);
    }
    if (saved.status === "key-reused") {
      return reply.code(422).send({ error: "This Idempotency-Key was already used for a different message" });
    }
    request.log.info({ leadId: saved.id, replayed: saved.status === "replayed", spam: Boolean(spam) }, "lead stored");
    if (saved.status === "replayed") reply.header("Idempotent-Replayed", "true");
    else {
      if (!spam) options.traffic?.conversion(request, "lead");
      if (jobs.length > 0) options.jobsWritten?.();
    }
    return reply.code(201).send({ id: saved.id });
  });

  const sourceLimits = options.sourceLimitsPerHour ?? SOURCE_LIMITS_PER_HOUR;
  const answerAfterMs = options.signUpAnswerMs ?? SIGN_UP_ANSWER_MS;
  const signUpsPerSource = hourlySourceLimit(app, "newsletter", sourceLimits, "source-limit-newsletter", options.capHits);
  app.post(DEFAULT_NEWSLETTER_PATH, { ...newsletterConfig, onRequest: guard, preHandler: signUpsPerSource }, async (request, reply) => {
    const started = performance.now();
    const parsed = parseNewsletterBody(request.body);
    if (!parsed.ok) return reply.code(400).send({ error: "Some fields need attention", fields: parsed.errors });
    // Exactly one plain mailbox, as nodemailer will read it, or one inbox could be signed up under many spellings (requirement LEAD-23).
    const email = plainMailbox(parsed.value.email);
    if (!email) return reply.code(400).send({ error: "Some fields need attention", fields: { email: NEWSLETTER_MESSAGES.emailFormat } });
    // The links are derived from the job's id when the e-mail is written; only their hashes are stored (requirement LEAD-24).
    const jobId = newJobId();
    const tokens = linkTokens(options.linkKey, jobId);
    const now = new Date();
    let saved;
    try {
      saved = await options.store.signUp({
        email,
        mailbox: canonicalMailbox(email),
        consentVersion: NEWSLETTER_CONSENT_VERSION,
        now,
        confirmTokenHash: tokenHash(tokens.confirmToken),
        confirmExpiresAt: new Date(now.getTime() + CONFIRMATION_VALID_MS),
        unsubscribeTokenHash: tokenHash(tokens.unsubscribeToken),
        unsubscribeExpiresAt: new Date(now.getTime() + UNSUBSCRIBE_LINK_VALID_MS),
        jobs: signUpJobs(routing, jobId),
        caps: routing.confirmationCaps,
      });
    } catch (error) {
      return storageUnavailable(request, reply, error);
    }
    request.log.info({ subscriberId: saved.id, outcome: saved.outcome, ...(saved.outcome === "queued" && saved.pacedUntil ? { pacedUntil: saved.pacedUntil } : {}) }, "newsletter sign-up stored");
    if (saved.outcome === "queued") options.jobsWritten?.();
    if (saved.outcome === "queued" && saved.pacedUntil) options.capHits?.count("newsletter-paced");
    // The same answer, at the same moment, whatever happened, so the endpoint does not reveal who is subscribed.
    await answerAt(started + answerAfterMs);
    return reply.code(201).send({ subscribed: true });
  });

  await registerNewsletterLinks(app, options, routing, routeConfig.config);
  if (options.trust) {
    await registerTrustService(app, {
      store: options.store,
      routing,
      linkKey: options.linkKey,
      library: options.trust.library,
      caps: options.trust.caps,
      now: options.trust.now ?? (() => new Date()),
      jobsWritten: () => options.jobsWritten?.(),
      guard,
      storageUnavailable,
      bodyLimit: LEAD_BODY_LIMIT_BYTES,
      rateLimit: perMinute("source-limit-trust"),
      linkRateLimit: routeConfig.config.rateLimit,
      linkBodyLimit: LINK_BODY_LIMIT_BYTES,
      ...(options.capHits ? { capHits: options.capHits } : {}),
      sourceLimitsPerHour: sourceLimits,
      ...(options.trust.stamping ? { stamping: options.trust.stamping } : {}),
    });
  }
}

/** The token of a link, from its query; anything but one well-formed token is no token. */
function linkToken(request: FastifyRequest): string | undefined {
  const { token } = request.query as Record<string, unknown>;
  return isWellFormedToken(token) ? token : undefined;
}

/**
 * The newsletter's links (requirement LEAD-16). Both work by POST only, from
 * a page's one button (or a mail client's RFC 8058 one-click), so the link
 * scanners mail filters run, which GET every link, confirm and unsubscribe
 * nobody. A confirmation works once, within 72 hours, and leads to a page
 * that says so; an unsubscribe link works until it expires, and again after it
 * has worked. An unknown, used or expired link leads to a page that offers a
 * new sign-up.
 */
async function registerNewsletterLinks(app: FastifyInstance, options: LeadServiceOptions, routing: OutboxRouting, rateLimitConfig: object): Promise<void> {
  // The address e-mails linked to before the confirmation page: it now only leads there.
  app.get(NEWSLETTER_PATHS.confirm, { config: rateLimitConfig }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    const token = linkToken(request);
    if (!token) return reply.redirect(NEWSLETTER_PATHS.expiredPage, 303);
    return reply.redirect(`${NEWSLETTER_PATHS.confirmPage}?token=${token}`, 303);
  });

  // Encapsulated, so that only these paths take a form or any other body.
  await app.register((scope, _options, registered) => {
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: LINK_BODY_LIMIT_BYTES }, (_request, _body, done) => done(null, undefined));
    const follow = (kind: "confirm" | "unsubscribe") => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("Cache-Control", "no-store");
      const token = linkToken(request);
      if (!token) return reply.redirect(NEWSLETTER_PATHS.expiredPage, 303);
      const now = new Date();
      let result;
      try {
        result =
          kind === "confirm"
            ? await options.store.confirmSubscriber(tokenHash(token), now, subscriberChangeJobs(routing, "newsletter.confirmed"))
            : await options.store.unsubscribe(tokenHash(token), now, subscriberChangeJobs(routing, "newsletter.unsubscribed"));
      } catch (error) {
        return storageUnavailable(request, reply, error);
      }
      if (result.status === "invalid") return reply.redirect(NEWSLETTER_PATHS.expiredPage, 303);
      request.log.info({ subscriberId: result.id }, kind === "confirm" ? "newsletter address confirmed" : "newsletter address unsubscribed");
      if (kind === "confirm") options.traffic?.conversion(request, "sign-up");
      options.jobsWritten?.();
      return reply.redirect(kind === "confirm" ? NEWSLETTER_PATHS.confirmedPage : NEWSLETTER_PATHS.unsubscribedPage, 303);
    };
    const config = { config: rateLimitConfig, bodyLimit: LINK_BODY_LIMIT_BYTES };
    scope.post(NEWSLETTER_PATHS.confirm, config, follow("confirm"));
    scope.post(NEWSLETTER_PATHS.confirmPage, config, follow("confirm"));
    scope.post(NEWSLETTER_PATHS.unsubscribe, config, follow("unsubscribe"));
    scope.post(NEWSLETTER_PATHS.unsubscribePage, config, follow("unsubscribe"));
    registered();
  });
}
