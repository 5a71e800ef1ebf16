import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { capHitsKeepFrom, HOUR_MS } from "../db/mail-pace.ts";
import type { CapHitKind } from "../db/store.ts";
import type { LeadStore } from "../db/lead-store.ts";
import { utcDay } from "../lib/utc-day.ts";

/** Who the audit log names for what no operator did. */
export const SYSTEM_OPERATOR = "(the server)";

/** What each kind of limit reached did, in the console's words. */
export const CAP_HIT_LABELS: Record<CapHitKind, string> = {
  "newsletter-paced": "Newsletter confirmations that waited their turn",
  "trust-digest": "Trust Center requests told to approvers in a digest",
  "source-limit-lead": "Contact form posts refused: too many from one address",
  "source-limit-newsletter": "Sign-ups refused: too many from one address",
  "source-limit-trust": "Trust Center requests refused: too many from one address",
  "source-limit-console": "Console sign-in requests refused: too many from one address",
  "console-form-refused": "Console forms refused: wrong origin or form token",
};

/** How often counted limits are written: a flood of refusals costs the store one write every few seconds, not one each. */
const FLUSH_MS = 2_000;

/**
 * Counts the limits that acted on requests (requirement OPS-10), in memory,
 * and adds them to the store's day every few seconds, so the console can show
 * an operator that a flood was met, without the flood writing a row a request.
 */
export class CapHitCounter {
  private readonly counts = new Map<CapHitKind, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  private readonly store: LeadStore;
  private readonly log: { warn(fields: object, message: string): void };
  private readonly now: () => Date;

  constructor(store: LeadStore, log: { warn(fields: object, message: string): void }, now: () => Date = () => new Date()) {
    this.store = store;
    this.log = log;
    this.now = now;
  }

  count(kind: CapHitKind): void {
    this.counts.set(kind, (this.counts.get(kind) ?? 0) + 1);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** Writes what was counted; a failed write is logged and dropped (counts are for the operator's eye, not a record). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const counts = [...this.counts].map(([kind, count]) => ({ kind, count }));
    this.counts.clear();
    if (counts.length === 0) return this.flushing;
    const now = this.now();
    this.flushing = this.flushing
      .then(async () => {
        await this.store.recordCapHits(utcDay(now), counts, capHitsKeepFrom(now));
        // The audit log shows when, the console's delivery page how often a day.
        for (const { kind, count } of counts) {
          await this.store.auditConsole({ at: now.toISOString(), operator: SYSTEM_OPERATOR, action: "limit reached", subject: `${CAP_HIT_LABELS[kind]}: ${count}` });
        }
      })
      .catch((error: unknown) => this.log.warn({ err: error }, "limits reached could not be counted"));
    return this.flushing;
  }
}

/**
 * Requests an hour one source (client address) may make of a form that sends
 * e-mail (requirement LEAD-31). They stop a flooder first, so the mail caps
 * behind them rarely act: a person signs up once and asks for documents once
 * or twice, and an office behind one address has room for its colleagues.
 */
export const SOURCE_LIMITS_PER_HOUR: SourceLimits = {
  newsletter: 20,
  trust: 10,
  console: 10,
};

export interface SourceLimits {
  newsletter: number;
  trust: number;
  console: number;
}

/**
 * A per-source hourly limit for one form, beside its per-minute one: `429`
 * with `Retry-After` past it, counted as a limit reached. (A route's own
 * rate limit marks the request as limited once, so a second limit must be
 * applied by hand, not as another rate-limit hook.)
 */
export function hourlySourceLimit(
  app: FastifyInstance,
  form: keyof SourceLimits,
  limits: SourceLimits,
  kind: CapHitKind,
  counter: CapHitCounter | undefined,
  refusal: () => { statusCode: number; message: string } = () => ({ statusCode: 429, message: "Too many requests from your address: try again later" }),
): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit({ max: limits[form], timeWindow: HOUR_MS, keyGenerator: (request: FastifyRequest) => `${form}-hour:${request.ip}` });
  return async (request, reply) => {
    const checked = await limit(request);
    // isAllowed means "on the allow list"; a request over the limit is isExceeded.
    if (checked.isAllowed || !checked.isExceeded) return;
    counter?.count(kind);
    reply.header("Retry-After", String(checked.ttlInSeconds));
    throw Object.assign(new Error(refusal().message), { statusCode: 429 });
  };
}
