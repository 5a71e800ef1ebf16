import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { trafficReport } from "../analytics/report.ts";
import { leadsCsv, subscribersCsv } from "../db/csv.ts";
import { erasureJobs, type OutboxRouting } from "../outbox/jobs.ts";
import { isWellFormedToken, linkToken, tokenHash } from "../lib/link-tokens.ts";
import { canonicalMailbox, plainMailbox } from "../lib/mailbox.ts";
import { newJobId } from "../db/outbox-records.ts";
import { ownOrigins } from "../lib/request-checks.ts";
import { isUuid } from "../db/store.ts";
import type { LeadStore } from "../db/lead-store.ts";
import { CONSOLE_PATHS, type Signed } from "./layout.ts";
import { erasedNotice, leadPage, leadsPage, LEADS_PER_PAGE, SEARCH_MAX_LENGTH } from "./leads-pages.ts";
import { LEAD_STATUSES, type LeadStatus } from "../db/repositories/leads.ts";
import { auditPage, deliveryPage, errorPage, newsletterPage } from "./operations-pages.ts";
import {
  clearedSessionCookie,
  csrfMatches,
  csrfToken,
  newSessionId,
  sessionCookie,
  sessionDeadlines,
  sessionHash,
  sessionIdOf,
  LINK_POSTS_PER_MINUTE,
  SIGN_IN_LINK_MINUTES,
  SIGN_IN_POSTS_PER_MINUTE,
} from "./sessions.ts";
import { hourlySourceLimit, SOURCE_LIMITS_PER_HOUR, SYSTEM_OPERATOR, type CapHitCounter, type SourceLimits } from "../limits/cap-hits.ts";
import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions.ts";
import { signInLinkInvalidPage, signInLinkPage, signInPage, signInSentPage, tooManyPage } from "./sign-in-pages.ts";
import { trafficPage } from "./traffic-page.ts";
import { utcDay } from "../lib/utc-day.ts";

export interface ConsoleOptions {
  store: LeadStore;
  /** ADMIN_EMAILS: who may sign in, in canonical form. */
  operators: readonly string[];
  siteUrl: string;
  /** Sign-in links and form tokens are derived with it (server/lib/link-tokens.ts). */
  linkKey: Buffer;
  /** Where the sign-in e-mail and an erasure's webhook go. */
  routing: OutboxRouting;
  jobsWritten?: () => void;
  now?: () => Date;
  /** Counts the limits that act (OPS-10); the console shows them. */
  capHits?: CapHitCounter;
  /** Sign-in requests a client address may make an hour (`console`); SOURCE_LIMITS_PER_HOUR unless a test sets others. */
  sourceLimitsPerHour?: SourceLimits;
}

/** The console's own policy: its pages run no script, load only its stylesheet, and post only to themselves. */
export const CONSOLE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
const FORM_BODY_LIMIT = 4096;
const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 800;
/** Audit entries a page (OPS-3). */
const AUDIT_PAGE_SIZE = 100;
/** Days of limits reached the delivery page shows (OPS-10). */
const CAP_HIT_DAYS_SHOWN = 30;
const stylesheet = readFileSync(new URL("./console.css", import.meta.url));

type Form = Record<string, string>;

/** A form's fields; only text counts, whatever else a body in another type parsed to. */
function formOf(request: FastifyRequest): Form {
  const body: unknown = request.body;
  if (!body || typeof body !== "object") return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

function queryOf(request: FastifyRequest): Record<string, string | undefined> {
  const query = request.query as Record<string, unknown>;
  return Object.fromEntries(Object.entries(query).map(([name, value]) => [name, typeof value === "string" ? value : undefined]));
}

function isDay(value: string | undefined): value is string {
  return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/**
 * The operator console (requirements OPS-1 to OPS-8) at /console: served by
 * the Node server only, as HTML rendered here with no script, under its own
 * CSP. Signing in takes a single-use link e-mailed through the outbox to an
 * address in ADMIN_EMAILS; every action is written to the audit log.
 */
export async function registerConsole(app: FastifyInstance, options: ConsoleOptions): Promise<void> {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  // Each operator's key (LEAD-30) to the address exactly as ADMIN_EMAILS lists it: a link goes only there, never to the spelling typed.
  const operatorAddresses = new Map(options.operators.map((address) => [canonicalMailbox(address), address]));

  await app.register((scope, _options, registered) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.addHook("onSend", async (_request, reply, payload) => {
      reply.headers({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "same-origin" });
      if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) reply.header("Content-Security-Policy", CONSOLE_CSP);
      return payload;
    });
    // Every post must come from a console page of this site: the session cookie is SameSite=Strict, and forms carry a token too.
    scope.addHook("preHandler", async (request, reply) => {
      if (request.method !== "POST") return;
      const origin = request.headers.origin;
      const arrivedAt = { address: request.socket.localAddress, port: request.socket.localPort };
      if (typeof origin !== "string" || !ownOrigins(options.siteUrl, arrivedAt).includes(origin)) {
        await refusedForm(request, "(not signed in)", "not from the console's own pages");
        return reply.code(403).type("text/html; charset=utf-8").send(errorPage(undefined, "Not allowed", "Console forms are accepted only from the console's own pages."));
      }
    });

    const send = (reply: FastifyReply, body: string, status = 200) => reply.code(status).type("text/html; charset=utf-8").send(body);
    // A page, not the API's JSON, for what goes wrong in the console; internals stay in the log.
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
      if (status === 429) return send(reply, tooManyPage(), 429);
      if (status >= 500) request.log.error({ err: error }, "console request failed");
      else request.log.info({ statusCode: status, code: error.code }, error.message);
      return send(reply, errorPage(undefined, status >= 500 ? "Something went wrong" : "Request not accepted", status >= 500 ? "Try again in a moment." : "Check what you sent and try again."), status);
    });
    const audit = (operator: string, action: AuditAction, subject = "") => store.auditConsole({ at: now().toISOString(), operator, action, subject });
    /** A refused post is counted and written down, with its operator when a session is known (OPS-3). */
    const refusedForm = async (request: FastifyRequest, operator: string, why: string) => {
      options.capHits?.count("console-form-refused");
      await audit(operator, "refused a form", `${request.routeOptions.url ?? ""}: ${why}`);
    };

    /** The signed-in operator, or undefined after answering (a redirect to sign in, or 403 for a post). */
    async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Signed | undefined> {
      const id = sessionIdOf(request);
      const idHash = id ? sessionHash(id) : undefined;
      const at = now();
      const operator = idHash ? await store.touchConsoleSession(idHash, at, sessionDeadlines(at).idleExpiresAt) : undefined;
      if (!idHash || !operator || !operatorAddresses.has(operator)) {
        if (request.method === "GET") await reply.redirect(CONSOLE_PATHS.signIn, 303);
        else await send(reply, errorPage(undefined, "Signed out", "Your session ended. Sign in again, then repeat what you were doing."), 403);
        return undefined;
      }
      const signed = { operator, csrf: csrfToken(options.linkKey, idHash) };
      if (request.method === "POST" && !csrfMatches(signed.csrf, formOf(request).csrf)) {
        await refusedForm(request, signed.operator, "no valid form token");
        await send(reply, errorPage(signed, "Form expired", "This form was not sent from your current session. Go back, reload the page and try again."), 403);
        return undefined;
      }
      return signed;
    }

    scope.get(CONSOLE_PATHS.stylesheet, async (_request, reply) => reply.type("text/css; charset=utf-8").send(stylesheet));


    // Signing in (OPS-2): the same answer for every address, and no e-mail but to an operator.
    scope.get(CONSOLE_PATHS.signIn, async (_request, reply) => send(reply, signInPage()));
    const tooMany = () => ({ statusCode: 429, message: "Too many sign-in requests" });
    scope.post(
      CONSOLE_PATHS.signIn,
      {
        // Strangers' requests are limited a client address, a minute and an hour, so an operator can always ask for a link.
        config: {
          rateLimit: { max: SIGN_IN_POSTS_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: tooMany, onExceeded: () => options.capHits?.count("source-limit-console") },
        },
        preHandler: hourlySourceLimit(scope, "console", options.sourceLimitsPerHour ?? SOURCE_LIMITS_PER_HOUR, "source-limit-console", options.capHits, tooMany),
      },
      async (request, reply) => {
        const email = plainMailbox((formOf(request).email ?? "").slice(0, 320));
        if (!email) return send(reply, signInPage("Enter an e-mail address such as name@example.com."), 400);
        const operator = canonicalMailbox(email);
        const configured = operatorAddresses.get(operator);
        if (configured !== undefined && options.routing.channels.includes("operator-email")) {
          // Written after the answer is on its way, so an operator's address takes no longer to answer than anyone's.
          const at = now();
          const jobId = newJobId();
          // A newer link replaces the operator's unused ones (OPS-2): the newest request always works.
          setImmediate(() => {
            store
              .saveConsoleSignIn({
                id: randomUUID(),
                operator,
                tokenHash: tokenHash(linkToken(options.linkKey, "console-sign-in", jobId)),
                now: at,
                expiresAt: new Date(at.getTime() + SIGN_IN_LINK_MINUTES * 60_000),
                jobs: [{ id: jobId, channel: "operator-email", event: "console.sign_in", recipient: configured }],
              })
              .then(async (replaced) => {
                options.jobsWritten?.();
                await audit(configured, "requested a sign-in link", replaced > 0 ? `replaced ${replaced} unused link(s)` : "");
              })
              .catch((error: unknown) => request.log.error({ err: error }, "console sign-in link could not be stored"));
          });
        }
        return reply.redirect(CONSOLE_PATHS.signInSent, 303);
      },
    );
    scope.get(CONSOLE_PATHS.signInSent, async (_request, reply) => send(reply, signInSentPage()));
    // Every refused link, whatever the reason, leads to one page, as the Trust Center's links do.
    scope.get(CONSOLE_PATHS.signInLinkInvalid, async (_request, reply) => send(reply, signInLinkInvalidPage()));
    scope.get(CONSOLE_PATHS.signInLink, async (request, reply) => {
      const token = queryOf(request).token;
      if (!isWellFormedToken(token)) return reply.redirect(CONSOLE_PATHS.signInLinkInvalid, 303);
      return send(reply, signInLinkPage(`${CONSOLE_PATHS.signInLink}?token=${token}`));
    });
    scope.post(CONSOLE_PATHS.signInLink, { config: { rateLimit: { max: LINK_POSTS_PER_MINUTE, timeWindow: 60_000, errorResponseBuilder: tooMany } } }, async (request, reply) => {
      const token = queryOf(request).token;
      if (!isWellFormedToken(token)) return reply.redirect(CONSOLE_PATHS.signInLinkInvalid, 303);
      const id = newSessionId();
      const at = now();
      const operator = await store.openConsoleSession(tokenHash(token), at, { idHash: sessionHash(id), ...sessionDeadlines(at) });
      if (!operator || !operatorAddresses.has(operator)) return reply.redirect(CONSOLE_PATHS.signInLinkInvalid, 303);
      await audit(operator, "signed in");
      return reply.header("Set-Cookie", sessionCookie(id)).redirect(CONSOLE_PATHS.traffic, 303);
    });

    // Everything below needs a live session, and a post its form token too.
    const sessions = new WeakMap<FastifyRequest, Signed>();
    const signedOf = (request: FastifyRequest): Signed => {
      const signed = sessions.get(request);
      if (!signed) throw new Error("a console route ran without its session check");
      return signed;
    };
    scope.register((authed, _authedOptions, authedRegistered) => {
      authed.addHook("preHandler", async (request, reply) => {
        const signed = await signedIn(request, reply);
        if (!signed) return reply;
        sessions.set(request, signed);
      });
      authed.get(CONSOLE_PATHS.home, async (_request, reply) => reply.redirect(CONSOLE_PATHS.traffic, 303));
      authed.post(CONSOLE_PATHS.signOut, async (request, reply) => {
        const signed = signedOf(request);
        const id = sessionIdOf(request);
        if (id) await store.endConsoleSession(sessionHash(id));
        await audit(signed.operator, "signed out");
        return reply.header("Set-Cookie", clearedSessionCookie()).redirect(CONSOLE_PATHS.signIn, 303);
      });
      // Traffic (OPS-4).
      authed.get(CONSOLE_PATHS.traffic, async (request, reply) => {
        const signed = signedOf(request);
        const query = queryOf(request);
        const today = utcDay(now());
        const defaultFrom = utcDay(new Date(Date.parse(`${today}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * 86_400_000));
        let from = query.from ?? defaultFrom;
        let to = query.to ?? today;
        let problem: string | undefined;
        const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
        if (!isDay(from) || !isDay(to) || span < 0 || span >= MAX_RANGE_DAYS) {
          problem = `Choose two dates, the first not after the second, at most ${MAX_RANGE_DAYS} days apart. Showing the last ${DEFAULT_RANGE_DAYS} days.`;
          from = defaultFrom;
          to = today;
        }
        const { views, conversions } = await store.trafficRows(from, to);
        await audit(signed.operator, "viewed traffic", `${from} to ${to}`);
        return send(reply, trafficPage(signed, trafficReport(from, to, views, conversions), problem), problem ? 400 : 200);
      });

      // Leads (OPS-5).
      const leadQuery = (request: FastifyRequest) => {
        const query = queryOf(request);
        const status = LEAD_STATUSES.includes(query.status as LeadStatus) ? (query.status as LeadStatus) : "new";
        const page = Math.max(1, Math.min(10_000, Number.parseInt(query.page ?? "1", 10) || 1));
        return { q: (query.q ?? "").slice(0, SEARCH_MAX_LENGTH), status, page };
      };
      authed.get(CONSOLE_PATHS.leads, async (request, reply) => {
        const signed = signedOf(request);
        const query = leadQuery(request);
        // Counted and cut to a page by the database, not read whole into memory.
        const found = await store.pageLeads({ status: query.status, search: query.q, page: query.page, perPage: LEADS_PER_PAGE });
        // What was searched for may be a person's name or address: the log says only that there was a search.
        await audit(signed.operator, "viewed leads", `${query.status}${query.q ? ", searched" : ""}`);
        // Counts only, so a crafted link cannot put words of its own on the page.
        const erased = (queryOf(request).erased ?? "").split(",").map((count) => Number.parseInt(count, 10));
        const [leadCount, subscribers, trustRequests, jobs] = erased;
        const notice =
          erased.length === 4 && erased.every((count) => Number.isSafeInteger(count) && count >= 0)
            ? erasedNotice({ leads: leadCount ?? 0, subscribers: subscribers ?? 0, trustRequests: trustRequests ?? 0, jobs: jobs ?? 0 })
            : undefined;
        return send(reply, leadsPage(signed, found, query, notice));
      });
      authed.get(CONSOLE_PATHS.leadsCsv, async (request, reply) => {
        const signed = signedOf(request);
        const query = leadQuery(request);
        const { leads } = await store.pageLeads({ status: query.status, search: query.q, page: 1 });
        await audit(signed.operator, "exported leads", `${leads.length} lead(s)`);
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="veilvault-leads-${utcDay(now())}.csv"`)
          .send(leadsCsv(leads));
      });
      const leadOf = async (request: FastifyRequest, reply: FastifyReply, signed: Signed) => {
        const { id } = request.params as { id: string };
        const lead = isUuid(id) ? await store.getLead(id) : undefined;
        if (!lead) await send(reply, errorPage(signed, "No such lead", "It may have been erased, or removed after its retention period."), 404);
        return lead;
      };
      authed.get(`${CONSOLE_PATHS.leads}/:id`, async (request, reply) => {
        const signed = signedOf(request);
        const lead = await leadOf(request, reply, signed);
        if (!lead) return reply;
        await audit(signed.operator, "opened lead", lead.id);
        return send(reply, leadPage(signed, lead, queryOf(request).handled ? "Marked as handled." : undefined));
      });
      authed.post(`${CONSOLE_PATHS.leads}/:id/handled`, async (request, reply) => {
        const signed = signedOf(request);
        const lead = await leadOf(request, reply, signed);
        if (!lead) return reply;
        if (await store.markLeadHandled(lead.id, signed.operator, now())) await audit(signed.operator, "marked lead handled", lead.id);
        return reply.redirect(`${CONSOLE_PATHS.leads}/${lead.id}?handled=1`, 303);
      });
      authed.post(`${CONSOLE_PATHS.leads}/:id/erase`, async (request, reply) => {
        const signed = signedOf(request);
        const lead = await leadOf(request, reply, signed);
        if (!lead) return reply;
        if (formOf(request).confirm !== "yes") return send(reply, leadPage(signed, lead, "Tick the box to confirm the erasure."), 400);
        // The same erasure as `npm run leads -- delete --email` (LEAD-25).
        const result = await store.eraseMailbox(lead.email, erasureJobs(options.routing), new Date());
        if (result.jobs > 0) options.jobsWritten?.();
        await audit(signed.operator, "erased a person's data", `from lead ${lead.id}: ${result.leads} lead(s), ${result.subscribers} sign-up(s), ${result.trustRequests} request(s)`);
        return reply.redirect(`${CONSOLE_PATHS.leads}?status=all&erased=${[result.leads, result.subscribers, result.trustRequests, result.jobs].join(",")}`, 303);
      });

      // Newsletter (OPS-6).
      authed.get(CONSOLE_PATHS.newsletter, async (request, reply) => {
        const signed = signedOf(request);
        const subscribers = await store.listSubscribers();
        await audit(signed.operator, "viewed newsletter");
        return send(reply, newsletterPage(signed, subscribers));
      });
      authed.get(CONSOLE_PATHS.newsletterCsv, async (request, reply) => {
        const signed = signedOf(request);
        const subscribers = await store.listSubscribers();
        await audit(signed.operator, "exported newsletter", `${subscribers.length} sign-up(s)`);
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="veilvault-newsletter-${utcDay(now())}.csv"`)
          .send(subscribersCsv(subscribers));
      });

      // Delivery (OPS-7).
      const deliveryView = async (signed: Signed, notice?: string) => {
        const [stats, pending, dead] = await Promise.all([store.outboxStats(now()), store.listJobs({ dead: false }), store.listJobs({ dead: true })]);
        const fromDay = utcDay(new Date(now().getTime() - (CAP_HIT_DAYS_SHOWN - 1) * 86_400_000));
        return deliveryPage(signed, stats, pending, dead, await store.listCapHits(fromDay), notice);
      };
      authed.get(CONSOLE_PATHS.delivery, async (request, reply) => {
        const signed = signedOf(request);
        await audit(signed.operator, "viewed delivery");
        const retried = queryOf(request).retried;
        return send(reply, await deliveryView(signed, retried ? `${Number.parseInt(retried, 10) || 0} job(s) will be sent again now.` : undefined));
      });
      authed.post(`${CONSOLE_PATHS.delivery}/:id/retry`, async (request, reply) => {
        const signed = signedOf(request);
        const { id } = request.params as { id: string };
        if (!/^msg_[0-9a-f]{32}$/.test(id)) return send(reply, errorPage(signed, "No such job", "Check the job id."), 404);
        const revived = await store.retryJobs({ id }, now());
        if (revived > 0) options.jobsWritten?.();
        await audit(signed.operator, "retried a job", id);
        return reply.redirect(`${CONSOLE_PATHS.delivery}?retried=${revived}`, 303);
      });
      authed.post(`${CONSOLE_PATHS.delivery}/retry-dead`, async (request, reply) => {
        const signed = signedOf(request);
        const revived = await store.retryJobs("all-dead", now());
        if (revived > 0) options.jobsWritten?.();
        await audit(signed.operator, "retried every dead job", `${revived} job(s)`);
        return reply.redirect(`${CONSOLE_PATHS.delivery}?retried=${revived}`, 303);
      });

      // The audit log (OPS-3): a page at a time, of one operator or action if chosen.
      authed.get(CONSOLE_PATHS.audit, async (request, reply) => {
        const signed = signedOf(request);
        const query = queryOf(request);
        const operatorChoices = [...new Set([...operatorAddresses.values(), SYSTEM_OPERATOR, "(not signed in)"])];
        const filter = {
          operator: operatorChoices.includes(query.operator ?? "") ? query.operator : undefined,
          action: AUDIT_ACTIONS.includes(query.action as AuditAction) ? (query.action as AuditAction) : undefined,
          before: /^[1-9][0-9]{0,15}$/.test(query.before ?? "") ? Number(query.before) : undefined,
        };
        // The first page's view is written down before it is read, so it shows itself; later pages do not push entries along.
        if (!filter.before) await audit(signed.operator, "viewed the audit log");
        const found = await store.listConsoleAudit({ ...filter, limit: AUDIT_PAGE_SIZE });
        return send(reply, auditPage(signed, found, filter, operatorChoices));
      });
      authedRegistered();
    });
    registered();
  });
}
