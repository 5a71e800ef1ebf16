import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyError, type FastifyInstance } from "fastify";
import { DOWNLOAD_HEADERS, DOWNLOADS_PREFIX } from "../common/downloads.ts";
import { redirects } from "../common/redirects.ts";
import { cacheControlFor } from "../common/cache-control.ts";
import { publishedFileType } from "../common/published-files.ts";
import { answerClientError, answerExpectationFailed, hostHeaderProblem, HTTP_TIMEOUTS, SHUTDOWN_RETRY_AFTER_SECONDS } from "./http-limits.ts";
import { capConnections, defaultConnectionLimits, drainDeadline, type ConnectionLimits } from "./connection-limits.ts";
import { registerHealthRoute } from "./health.ts";
import { registerLeadRoutes } from "./leads/routes.ts";
import { registerNewsletterRoutes } from "./newsletter/routes.ts";
import { registerTrustService, type TrustServiceOptions } from "./trust/routes.ts";
import type { TrustLibrary } from "./trust/documents.ts";
import type { TrustRequestCaps } from "./db/store.ts";
import type { LeadStore } from "./db/lead-store.ts";
import { LEAD_BODY_LIMIT_BYTES, LINK_BODY_LIMIT_BYTES, registerIntake } from "./lib/intake.ts";
import { NO_DELIVERY } from "./outbox/jobs.ts";
import { OutboxDeliverer } from "./delivery/deliverer.ts";
import { outboxRouting, type DeliveryConfig } from "./delivery/config.ts";
import { COMMON_SECURITY_HEADERS, NON_PAGE_CSP } from "../common/security-headers.ts";
import { indexSiteFiles } from "./site-files.ts";
import { TrafficCounter, type TrafficCounterOptions } from "./analytics/counter.ts";
import { DEMO_PATH, DEMO_SCHEDULER_URL } from "../common/demo.ts";
import { registerConsole } from "./console/routes.ts";
import { CapHitCounter, SOURCE_LIMITS_PER_HOUR, type SourceLimits } from "./limits/cap-hits.ts";

export interface AppOptions {
  /** build/client */
  clientDir: string;
  /** build/security.json */
  securityManifest: string;
  logLevel?: string;
  /** PEM certificate and key, to serve HTTPS. */
  https?: { cert: Buffer; key: Buffer };
  /** The lead service; without it the site is served alone. */
  leads?: LeadOptions;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Proxies in front of the server whose X-Forwarded-For is believed (for per-IP limits). */
  trustProxyHops?: number;
  /** Socket caps and the response drain deadline; defaults from `defaultConnectionLimits`. */
  connectionLimits?: ConnectionLimits;
  /** Cookieless counting into the lead store (ANALYTICS=off: false); on by default when the lead service runs. A test passes its clock. */
  traffic?: false | Pick<TrafficCounterOptions, "now" | "flushEveryMs" | "maxSourcesPerDay">;
  /** The console's clock, for a test that moves it (sign-in links and sessions expire). */
  consoleNow?: () => Date;
}

/** The lead service's settings: the lead form, the newsletter and the Trust Center, with delivery's. */
export interface LeadOptions {
  store: LeadStore;
  /** The public site origin (SITE_URL): posts from it are same-origin even behind a proxy. */
  siteUrl: string;
  /** Other origins allowed to post (LEADS_ALLOWED_ORIGINS), for a separate API host. */
  allowedOrigins: readonly string[];
  /** Requests per client IP and minute, per endpoint. */
  ratePerMinute: number;
  /** A form sent faster than this after it opened is flagged as spam. */
  minFillMs: number;
  /** The key newsletter and Trust Center links are derived with (server/lib/link-tokens.ts); kept outside the database. */
  linkKey: Buffer;
  /** The Trust Center's gated documents and request caps; without them its endpoints are not served. */
  trust?: { library: TrustLibrary; caps: TrustRequestCaps; now?: () => Date; stamping?: TrustServiceOptions["stamping"] };
  /** Posts a client address may make an hour of each form that sends e-mail; SOURCE_LIMITS_PER_HOUR unless a test sets others. */
  sourceLimitsPerHour?: SourceLimits;
  /** How long after its handler starts a sign-up is answered, whatever happened; SIGN_UP_ANSWER_MS unless a test sets it. */
  signUpAnswerMs?: number;
  /** Where leads and sign-ups are delivered; without it every channel is off (the app hands each form only the routing it needs, server/outbox/jobs.ts). */
  delivery?: DeliveryConfig;
}

const redirectMap: ReadonlyMap<string, string> = new Map(redirects.map((r) => [r.from, r.to]));
const ALLOWED_METHODS = "GET, HEAD";
const SLASH = "/".charCodeAt(0);

/**
 * The path without its trailing slashes, scanned once from the end. A regular
 * expression (/\/+$/) retries from every slash of a run that does not end the
 * path, which made a 16,000-slash path cost 426 ms of CPU.
 */
export function withoutTrailingSlashes(pathname: string): string {
  let end = pathname.length;
  while (end > 0 && pathname.charCodeAt(end - 1) === SLASH) end -= 1;
  return pathname.slice(0, end);
}

function splitUrl(url: string): { pathname: string; search: string } {
  const index = url.indexOf("?");
  return index === -1 ? { pathname: url, search: "" } : { pathname: url.slice(0, index), search: url.slice(index) };
}

/**
 * The production server: the prerendered site with one URL per page (no
 * trailing slash), permanent redirects for old spellings, 404 with the
 * not-found page, precompressed files, long-lived caching for hashed assets,
 * and the security headers of common/security-headers.ts on every response.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const site = await indexSiteFiles(options.clientDir, options.securityManifest);
  const limits = options.connectionLimits ?? defaultConnectionLimits(options.trustProxyHops ?? 0);
  // Node's own server options; for HTTPS they travel with the certificate. A
  // request without Host is answered by our hook below, not by Node's bare 400.
  const serverOptions = {
    headersTimeout: HTTP_TIMEOUTS.headersMs,
    connectionsCheckingInterval: HTTP_TIMEOUTS.checkIntervalMs,
    requireHostHeader: false,
  };
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "info",
      ...(options.logStream ? { stream: options.logStream } : {}),
      // A request is logged by its path alone: query strings carry the newsletter's
      // link tokens, which must not outlive the request in a log (requirement LEAD-11).
      serializers: {
        req: (request: { method: string; url: string; ip: string }) => ({
          method: request.method,
          url: splitUrl(request.url).pathname,
          remoteAddress: request.ip,
        }),
      },
    },
    ...(options.trustProxyHops ? { trustProxy: (_address: string, hop: number) => hop < (options.trustProxyHops ?? 0) } : {}),
    routerOptions: { ignoreTrailingSlash: false },
    ...(options.https ? { https: { ...options.https, ...serverOptions } } : { http: serverOptions }),
    requestTimeout: HTTP_TIMEOUTS.requestMs,
    connectionTimeout: HTTP_TIMEOUTS.idleMs,
    keepAliveTimeout: HTTP_TIMEOUTS.keepAliveMs,
    clientErrorHandler: answerClientError,
    // Fastify's own 503 while closing is written before any hook, bare: ours below carries the headers (requirement SEC-1).
    return503OnClosing: false,
  });

  capConnections(app.server, limits, (client) => app.log.warn({ client }, "connection refused: too many from one address"));
  // Node answers any Expect but 100-continue with a bare 417; ours carries the security headers.
  app.server.on("checkExpectation", answerExpectationFailed);

  // Once closing (SIGTERM), a request that still arrives on an open connection
  // is refused at once, with a time to come back, so a deploy drains quickly.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  // Every response, including errors and redirects, carries the full header set.
  // HTML answers replace the restrictive non-page CSP with the pages' policy.
  app.addHook("onRequest", async (request, reply) => {
    reply.headers({ ...COMMON_SECURITY_HEADERS, "Content-Security-Policy": NON_PAGE_CSP });
    if (hostHeaderProblem(request.raw)) return reply.code(400).header("Connection", "close").send({ error: "Bad Request" });
    if (closing) {
      return reply
        .code(503)
        .headers({ "Retry-After": String(SHUTDOWN_RETRY_AFTER_SECONDS), "Cache-Control": "no-store", Connection: "close" })
        .send({ error: "Service Unavailable" });
    }
  });
  // A response must leave within the drain deadline: a client reading it a
  // byte at a time would otherwise hold its socket (and the file) for good.
  app.addHook("onSend", async (request, reply, payload) => {
    drainDeadline(reply.raw, limits.responseDrainMs, () =>
      request.log.warn({ afterMs: limits.responseDrainMs }, "response not taken within the drain deadline: socket closed"),
    );
    return payload;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const { pathname } = splitUrl(request.url);
    // Feeds, Markdown twins, calendar files and text with their own types and a charset (PUB-5, PUB-7).
    const published = reply.statusCode === 200 ? publishedFileType(pathname) : undefined;
    if (published) reply.header("Content-Type", published);
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) {
      reply.header("Content-Security-Policy", site.security.contentSecurityPolicy);
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: site.root,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    dotfiles: "allow",
    index: false,
    list: false,
    setHeaders: (reply, filePath) => {
      const urlPath = `/${filePath.slice(site.root.length).replace(/^\/+/, "")}`.replace(/\.(br|gz)$/, "");
      reply.header("Cache-Control", cacheControlFor(urlPath));
      if (urlPath.startsWith(DOWNLOADS_PREFIX)) reply.headers(DOWNLOAD_HEADERS);
    },
  });

  // Errors answer with their status and a plain message; internals stay in the
  // log. Set before any route, since a route keeps the handler it was added under.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === "number" && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    // A client's mistake (bad JSON, too large, rate-limited …) is routine: one
    // line, without a stack that names only our parser's internals.
    else request.log.info({ statusCode: status, code: error.code }, error.message);
    return reply.code(status).send({ error: status >= 500 ? "Internal Server Error" : error.message });
  });

  let counter: TrafficCounter | undefined;
  if (options.leads) {
    const { delivery, ...intake } = options.leads;
    const { store, siteUrl, linkKey } = intake;
    counter = options.traffic === false ? undefined : new TrafficCounter({ store, key: linkKey, siteHosts: [new URL(siteUrl).hostname], log: app.log, ...options.traffic });
    // The outbox's deliverer runs in this process, from the moment the server is ready until it closes.
    const documents = intake.trust?.library.documents ?? [];
    const documentTitles = (id: string) => documents.find((document) => document.id === id)?.title ?? id;
    const deliverer = delivery ? new OutboxDeliverer({ store, config: delivery, siteUrl, log: app.log, linkKey, documentTitles }) : undefined;
    const capHits = new CapHitCounter(store, app.log);
    // The three public forms side by side, on one intake: CORS, rate limits, JSON in UTF-8, the same answers when storage fails.
    const routing = delivery ? outboxRouting(delivery) : NO_DELIVERY;
    const jobsWritten = () => deliverer?.wake();
    const traffic = counter ? { traffic: counter } : {};
    const formIntake = await registerIntake(app, { siteUrl, allowedOrigins: intake.allowedOrigins, ratePerMinute: intake.ratePerMinute, trustCenter: Boolean(intake.trust), countRefusal: (kind) => capHits.count(kind) });
    registerLeadRoutes(app, formIntake, { store, routing, minFillMs: intake.minFillMs, jobsWritten, ...traffic });
    await registerNewsletterRoutes(app, formIntake, {
      store,
      routing,
      linkKey,
      jobsWritten,
      capHits,
      ...traffic,
      ...(intake.sourceLimitsPerHour ? { sourceLimitsPerHour: intake.sourceLimitsPerHour } : {}),
      ...(intake.signUpAnswerMs !== undefined ? { signUpAnswerMs: intake.signUpAnswerMs } : {}),
    });
    if (intake.trust) {
      await registerTrustService(app, {
        store,
        routing,
        linkKey,
        library: intake.trust.library,
        caps: intake.trust.caps,
        now: intake.trust.now ?? (() => new Date()),
        jobsWritten,
        guard: formIntake.guard,
        storageUnavailable: formIntake.storageUnavailable,
        bodyLimit: LEAD_BODY_LIMIT_BYTES,
        rateLimit: formIntake.perMinute("source-limit-trust"),
        linkRateLimit: formIntake.perMinute("source-limit-lead"),
        linkBodyLimit: LINK_BODY_LIMIT_BYTES,
        capHits,
        sourceLimitsPerHour: intake.sourceLimitsPerHour ?? SOURCE_LIMITS_PER_HOUR,
        ...(intake.trust.stamping ? { stamping: intake.trust.stamping } : {}),
      });
    }
    // The operator console, for the addresses in ADMIN_EMAILS (requirement OPS-1); without them /console is not served.
    if (delivery && delivery.operators.length > 0) {
      await registerConsole(app, {
        store,
        operators: delivery.operators,
        siteUrl,
        linkKey,
        routing: outboxRouting(delivery),
        jobsWritten: () => deliverer?.wake(),
        capHits,
        ...(intake.sourceLimitsPerHour ? { sourceLimitsPerHour: intake.sourceLimitsPerHour } : {}),
        ...(options.consoleNow ? { now: options.consoleNow } : {}),
      });
    }
    app.addHook("onReady", (done) => {
      deliverer?.start();
      counter?.start();
      done();
    });
    app.addHook("onClose", async () => {
      await deliverer?.stop();
      await counter?.stop();
      await capHits.flush();
      await store.close();
    });
  }

  // For load balancers: up or not, and nothing more (requirement LEAD-14).
  const store = options.leads?.store;
  registerHealthRoute(app, store ? () => store.ping() : undefined);

  // The demo buttons' link: a demo click counted for the visitor's landing page, then the scheduling page (requirement ANA-4).
  app.get(DEMO_PATH, async (request, reply) => {
    counter?.conversion(request, "demo");
    return reply.header("Cache-Control", "no-store").redirect(DEMO_SCHEDULER_URL, 302);
  });

  app.get("/*", async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);

    if (pathname.length > 1 && pathname.endsWith("/")) {
      // Only to a page we have: redirecting any path would make "//host/" an
      // open redirect (a protocol-relative Location).
      const bare = withoutTrailingSlashes(pathname);
      if (site.pages.has(bare) || redirectMap.has(bare)) return reply.redirect(`${bare}${search}`, 301);
    }
    const redirectTo = redirectMap.get(pathname);
    if (redirectTo) return reply.redirect(`${redirectTo}${search}`, 301);

    const page = site.pages.get(pathname);
    if (page) {
      counter?.view(request, pathname, search);
      return reply.sendFile(page);
    }
    const file = site.files.get(pathname);
    if (file) return reply.sendFile(file);
    return reply.code(404).sendFile(site.notFound);
  });

  // Any other method on any path (TRACE included): refused, never echoed.
  app.setNotFoundHandler(async (_request, reply) => {
    return reply.code(405).header("Allow", ALLOWED_METHODS).send({ error: "Method Not Allowed" });
  });

  return app;
}
