import type { FastifyInstance } from "fastify";
import { EMAIL_FORMAT_MESSAGE, parseLeadBody } from "../../common/lead-schema.ts";
import { DEFAULT_LEADS_PATH } from "../../common/endpoints.ts";
import type { TrafficCounter } from "../analytics/counter.ts";
import type { LeadStore } from "../db/lead-store.ts";
import { LEAD_BODY_LIMIT_BYTES, type Intake } from "../lib/intake.ts";
import { plainMailbox } from "../lib/mailbox.ts";
import { idempotencyKey, spamReason } from "../lib/request-checks.ts";
import { leadJobs, type OutboxRouting } from "../outbox/jobs.ts";

export interface LeadRoutesOptions {
  store: LeadStore;
  /** A form sent faster than this after it opened is flagged as spam. */
  minFillMs: number;
  /** Which jobs to write for a lead. */
  routing: OutboxRouting;
  /** Called once jobs are committed, so the deliverer sends them now rather than at its next look. */
  jobsWritten?: () => void;
  /** Counts a lead for the visitor's landing page (requirement ANA-4); absent when counting is off. */
  traffic?: Pick<TrafficCounter, "conversion">;
}

/**
 * Lead intake (requirements LEAD-1 to LEAD-15): `POST /id/website/leads`,
 * validated by the form's own schema with unknown fields refused (400), an
 * Idempotency-Key replayed rather than stored twice, and answered 201 only
 * once the store has committed the lead and the jobs that tell people of it.
 */
export function registerLeadRoutes(app: FastifyInstance, intake: Intake, options: LeadRoutesOptions): void {
  const { routing } = options;
  const routeConfig = { bodyLimit: LEAD_BODY_LIMIT_BYTES, config: { rateLimit: intake.perMinute("source-limit-lead") } };
  app.post(DEFAULT_LEADS_PATH, { ...routeConfig, onRequest: intake.guard }, async (request, reply) => {
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
      return intake.storageUnavailable(request, reply, error);
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

}
