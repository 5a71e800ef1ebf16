import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { registerCors } from "./cors.ts";
import { isSameOriginOrAllowed, ownOrigins } from "./request-checks.ts";

/**
 * What every public form's endpoint shares (requirements LEAD-1 to LEAD-15):
 * the lead form, the newsletter and the Trust Center take JSON only (415),
 * bounded bodies (413), same origin unless configured (403), rate-limited per
 * IP (429 with Retry-After), and a 503 with Retry-After when storage fails,
 * never a 201 for what was not stored. The app sets this up once and hands it
 * to each form's routes.
 */

export interface IntakeOptions {
  /** The public site origin (SITE_URL): posts from it are same-origin even behind a proxy. */
  siteUrl: string;
  /** Other origins allowed to post (LEADS_ALLOWED_ORIGINS), for a separate API host. */
  allowedOrigins: readonly string[];
  /** Requests per client IP and minute, per endpoint. */
  ratePerMinute: number;
  /** Whether the Trust Center's endpoints are served, which CORS must allow. */
  trustCenter: boolean;
  /** Counts a refusal of a per-minute limit (requirement OPS-10), for the console. */
  countRefusal?: (kind: "source-limit-lead" | "source-limit-newsletter" | "source-limit-trust") => void;
}

export interface Intake {
  /** The checks of a JSON post: same origin, JSON in UTF-8. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** An endpoint's per-minute limit a client address; each refusal is counted as `kind`. */
  perMinute: (kind: "source-limit-lead" | "source-limit-newsletter" | "source-limit-trust") => object;
  storageUnavailable: (request: FastifyRequest, reply: FastifyReply, error: unknown) => FastifyReply;
}

/** The body a link page's button or a mail client's one-click POST sends (RFC 8058): tiny, and never needed. */
export const LINK_BODY_LIMIT_BYTES = 1024;

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

/** CORS, the rate limiter and a strict JSON parser for the app; the checks each form's routes apply. */
export async function registerIntake(app: FastifyInstance, options: IntakeOptions): Promise<Intake> {
  registerCors(app, options.allowedOrigins, { trustCenter: options.trustCenter });
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

  async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const arrivedAt = { address: request.socket.localAddress, port: request.socket.localPort };
    if (!isSameOriginOrAllowed(request.headers, ownOrigins(options.siteUrl, arrivedAt), options.allowedOrigins)) {
      return reply.code(403).send({ error: "Cross-site requests are not accepted" });
    }
    const problem = contentTypeProblem(request.headers["content-type"]);
    if (problem === "not-json") return reply.code(415).send({ error: "Send the body as application/json" });
    if (problem === "not-utf8") return reply.code(415).send({ error: "Send the body in UTF-8" });
  }

  // Per endpoint and client address; each refusal is counted for the console (OPS-10).
  const perMinute: Intake["perMinute"] = (kind) => ({ max: options.ratePerMinute, timeWindow: 60_000, onExceeded: () => options.countRefusal?.(kind) });
  return { guard, perMinute, storageUnavailable };
}
