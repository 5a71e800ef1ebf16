import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_LEADS_PATH, DEFAULT_NEWSLETTER_PATH } from "../../common/endpoints.ts";
import { DEFAULT_TRUST_REQUESTS_PATH } from "../../common/trust-center.ts";
import { FORM_FILL_MS_HEADER, FORM_TRAP_HEADER } from "./request-checks.ts";

/**
 * The request headers each endpoint's form sends beyond the CORS-safelisted
 * ones (app/lib/submit-lead.ts, app/components/footer/newsletter-form.tsx,
 * app/components/trust/trust-request-form.tsx): JSON is not a safelisted
 * Content-Type, so all need a preflight. The Trust Center's request form
 * posts beside the others, to the same API host (app/site/build-env.ts).
 */
export const CORS_REQUEST_HEADERS: ReadonlyMap<string, readonly string[]> = new Map([
  [DEFAULT_LEADS_PATH, ["content-type", "idempotency-key", FORM_TRAP_HEADER, FORM_FILL_MS_HEADER]],
  [DEFAULT_NEWSLETTER_PATH, ["content-type"]],
  [DEFAULT_TRUST_REQUESTS_PATH, ["content-type"]],
]);

/**
 * How long a browser may reuse a preflight's answer. Short enough that
 * removing an origin from LEADS_ALLOWED_ORIGINS takes effect within minutes;
 * a visitor posts a form once, so a longer one would save little.
 */
export const CORS_MAX_AGE_SECONDS = 600;

function pathOf(url: string): string {
  const index = url.indexOf("?");
  return index === -1 ? url : url.slice(0, index);
}

/**
 * Cross-origin posts for a site on a static host with this server as its API
 * (requirements LEAD-22, TRUST-4): browsers ask first (an OPTIONS preflight), and read
 * an answer only if it names their origin. Only the origins in
 * LEADS_ALLOWED_ORIGINS are named, exactly, never `*` and never echoed for any
 * other; no credentials are allowed, since the forms send none. Our own
 * origin needs none of this: same-origin requests are not preflighted. The
 * server's own origin check (LEAD-8) still refuses other origins' posts that
 * skip the preflight.
 */
export function registerCors(app: FastifyInstance, allowedOrigins: readonly string[], served: { trustCenter: boolean }): void {
  const allowed = new Set(allowedOrigins);
  // Only endpoints this server answers: without the Trust Center, its path stays a 405 for every method.
  const endpoints = new Map([...CORS_REQUEST_HEADERS].filter(([path]) => served.trustCenter || path !== DEFAULT_TRUST_REQUESTS_PATH));
  const originOf = (request: FastifyRequest): string | undefined => {
    const origin = request.headers.origin;
    return origin !== undefined && allowed.has(origin) ? origin : undefined;
  };

  for (const [path, headers] of endpoints) {
    app.options(path, async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("Vary", "Origin");
      const origin = originOf(request);
      if (!origin) return reply.code(403).send({ error: "Cross-site requests are not accepted" });
      return reply
        .code(204)
        .header("Access-Control-Allow-Origin", origin)
        .header("Access-Control-Allow-Methods", "POST")
        .header("Access-Control-Allow-Headers", headers.join(", "))
        .header("Access-Control-Max-Age", String(CORS_MAX_AGE_SECONDS))
        .send();
    });
  }

  // On every answer to a post, whatever its status (400, 413, 429, 503 …), so
  // the page can read why it failed; onSend runs for errors and the rate
  // limiter's refusals too. The forms read the status and body only, so no
  // header is exposed.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "POST" || !endpoints.has(pathOf(request.url))) return payload;
    reply.header("Vary", "Origin");
    const origin = originOf(request);
    if (origin) reply.header("Access-Control-Allow-Origin", origin);
    return payload;
  });
}
