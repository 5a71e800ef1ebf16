import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { NEWSLETTER_CONSENT_VERSION, NEWSLETTER_MESSAGES, parseNewsletterBody } from "../../common/newsletter-schema.ts";
import type { TrafficCounter } from "../analytics/counter.ts";
import { newJobId } from "../db/outbox-records.ts";
import type { LeadStore } from "../db/lead-store.ts";
import { hourlySourceLimit, SOURCE_LIMITS_PER_HOUR, type CapHitCounter, type SourceLimits } from "../limits/cap-hits.ts";
import { LEAD_BODY_LIMIT_BYTES, LINK_BODY_LIMIT_BYTES, type Intake } from "../lib/intake.ts";
import { CONFIRMATION_VALID_MS, isWellFormedToken, linkTokens, tokenHash, UNSUBSCRIBE_LINK_VALID_MS } from "../lib/link-tokens.ts";
import { canonicalMailbox, plainMailbox } from "../lib/mailbox.ts";
import { signUpJobs, subscriberChangeJobs, type OutboxRouting } from "../outbox/jobs.ts";
import { NEWSLETTER_PATHS } from "./paths.ts";

export interface NewsletterRoutesOptions {
  store: LeadStore;
  /** Which jobs to write for a sign-up, a confirmation and an unsubscribe. */
  routing: OutboxRouting;
  /** Called once jobs are committed, so the deliverer sends them now rather than at its next look. */
  jobsWritten?: () => void;
  /** The key the links are derived with (server/lib/link-tokens.ts); kept outside the database. */
  linkKey: Buffer;
  /** Counts a confirmed sign-up for the visitor's landing page (requirement ANA-4); absent when counting is off. */
  traffic?: Pick<TrafficCounter, "conversion">;
  /** Counts the limits that act (requirement OPS-10), for the console. */
  capHits?: CapHitCounter;
  /** Posts a client address may make an hour; SOURCE_LIMITS_PER_HOUR unless a test sets others. */
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

/**
 * The newsletter (requirements LEAD-16 to LEAD-28): `POST /id/website/newsletter`,
 * answered the same, at the same moment, whoever signs up, and its
 * confirmation and unsubscribe links.
 */
export async function registerNewsletterRoutes(app: FastifyInstance, intake: Intake, options: NewsletterRoutesOptions): Promise<void> {
  const { routing } = options;
  const newsletterConfig = { bodyLimit: LEAD_BODY_LIMIT_BYTES, config: { rateLimit: intake.perMinute("source-limit-newsletter") } };
  const sourceLimits = options.sourceLimitsPerHour ?? SOURCE_LIMITS_PER_HOUR;
  const answerAfterMs = options.signUpAnswerMs ?? SIGN_UP_ANSWER_MS;
  const signUpsPerSource = hourlySourceLimit(app, "newsletter", sourceLimits, "source-limit-newsletter", options.capHits);
  app.post(DEFAULT_NEWSLETTER_PATH, { ...newsletterConfig, onRequest: intake.guard, preHandler: signUpsPerSource }, async (request, reply) => {
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
      return intake.storageUnavailable(request, reply, error);
    }
    request.log.info({ subscriberId: saved.id, outcome: saved.outcome, ...(saved.outcome === "queued" && saved.pacedUntil ? { pacedUntil: saved.pacedUntil } : {}) }, "newsletter sign-up stored");
    if (saved.outcome === "queued") options.jobsWritten?.();
    if (saved.outcome === "queued" && saved.pacedUntil) options.capHits?.count("newsletter-paced");
    // The same answer, at the same moment, whatever happened, so the endpoint does not reveal who is subscribed.
    await answerAt(started + answerAfterMs);
    return reply.code(201).send({ subscribed: true });
  });

  // The links share the lead form's per-minute limit, as they always have.
  await registerNewsletterLinks(app, intake, options, intake.perMinute("source-limit-lead"));
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
async function registerNewsletterLinks(app: FastifyInstance, intake: Intake, options: NewsletterRoutesOptions, rateLimit: object): Promise<void> {
  const { routing } = options;
  const rateLimitConfig = { rateLimit };
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
        return intake.storageUnavailable(request, reply, error);
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
