import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { DEFAULT_TRUST_REQUESTS_PATH, TRUST_DECISION_LINK_DAYS, TRUST_DOWNLOAD_LINK_DAYS, TRUST_PAGES } from "../../common/trust-center.ts";
import { EMAIL_FORMAT_MESSAGE } from "../../common/lead-schema.ts";
import { parseTrustRequest } from "../../common/trust-request.ts";
import { newJobId } from "../db/outbox-records.ts";
import { canonicalMailbox, plainMailbox } from "../lib/mailbox.ts";
import { trustDecisionJobs, trustRequestJobs, type OutboxRouting } from "../outbox/jobs.ts";
import type { TrustDownloadClaim, TrustRequestCaps, TrustTarget } from "../db/store.ts";
import type { LeadStore } from "../db/lead-store.ts";
import type { TrustLibrary } from "./documents.ts";
import { decisionLinkHashes, downloadLinkHashes } from "./links.ts";
import { StampPool, type StampPoolOptions } from "./stamp-pool.ts";
import { hourlySourceLimit, type CapHitCounter, type SourceLimits } from "../limits/cap-hits.ts";
import { isWellFormedToken, tokenHash } from "../lib/link-tokens.ts";

export interface TrustServiceOptions {
  store: LeadStore;
  routing: OutboxRouting;
  linkKey: Buffer;
  library: TrustLibrary;
  caps: TrustRequestCaps;
  /** The clock links are judged by; tests move it. */
  now: () => Date;
  jobsWritten: () => void;
  /** The lead service's checks of a JSON post: same origin, JSON in UTF-8. */
  guard: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /** The lead service's answer when storage fails: 503 with Retry-After. */
  storageUnavailable: (request: FastifyRequest, reply: FastifyReply, error: unknown) => FastifyReply;
  bodyLimit: number;
  /** The request form's per-minute limit a client address; its links have `linkRateLimit`. */
  rateLimit: object;
  linkRateLimit: object;
  /** Counts the limits that act (requirement OPS-10). */
  capHits?: CapHitCounter;
  /** Requests a client address may make an hour (`trust`). */
  sourceLimitsPerHour: SourceLimits;
  /** A link page's post carries no body worth reading. */
  linkBodyLimit: number;
  /** The stamping threads and their queue (requirement TRUST-9); defaults in stamp-pool.ts. */
  stamping?: Omit<StampPoolOptions, "dir">;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function linkToken(request: FastifyRequest): string | undefined {
  const { token } = request.query as Record<string, unknown>;
  return isWellFormedToken(token) ? token : undefined;
}

/** Every refused link gets this, whatever the reason, so no answer tells one person's request from another's (requirement TRUST-5). */
function refuse(reply: FastifyReply): FastifyReply {
  return reply.redirect(TRUST_PAGES.linkInvalid, 303);
}

/** How long a download told to come back should wait: the queue holds a few seconds of stamping. */
const STAMPING_RETRY_AFTER_SECONDS = 10;

/**
 * No copy this time, and the link still works: the stamping queue was full,
 * or the stamp failed and its claim was released (requirement TRUST-9).
 */
function tryAgainSoon(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header("Retry-After", String(STAMPING_RETRY_AFTER_SECONDS))
    .type("text/plain; charset=utf-8")
    .send("Your copy could not be prepared just now. Your download link still works: go back and press the button again in a minute.");
}

/** The download's file name: the document's, with the request's short id, so two copies never overwrite each other. */
function attachmentName(file: string, requestId: string): string {
  return file.replace(/\.pdf$/, `-${requestId.slice(0, 8)}.pdf`);
}

/**
 * The Trust Center's service (requirements TRUST-4 to TRUST-7): the request
 * form's post, the approvers' approve and deny links, and the requester's
 * download links. Links work by POST only, from their page's one button, so
 * a mail scanner's GET never decides or spends anything.
 */
export async function registerTrustService(app: FastifyInstance, options: TrustServiceOptions): Promise<void> {
  const { store, routing, library } = options;
  const context = { documentIds: library.documents.map((document) => document.id), ndaVersion: library.nda.version };
  const stamps = new StampPool({ dir: library.dir, ...options.stamping });
  app.addHook("onClose", () => stamps.close());

  app.post(
    DEFAULT_TRUST_REQUESTS_PATH,
    {
      bodyLimit: options.bodyLimit,
      config: { rateLimit: options.rateLimit },
      onRequest: options.guard,
      preHandler: hourlySourceLimit(app, "trust", options.sourceLimitsPerHour, "source-limit-trust", options.capHits),
    },
    async (request, reply) => {
      const parsed = parseTrustRequest(request.body, context);
      if (!parsed.ok) return reply.code(400).send({ error: "Some fields need attention", fields: parsed.errors });
      const email = plainMailbox(parsed.value.email);
      if (!email) return reply.code(400).send({ error: "Some fields need attention", fields: { email: EMAIL_FORMAT_MESSAGE } });
      const { ndaAccepted: _accepted, ...body } = parsed.value;
      const now = options.now();
      const approverJobIds = routing.trustApprovers.map(() => newJobId());
      const jobs = trustRequestJobs(routing, approverJobIds);
      let saved;
      try {
        saved = await store.saveTrustRequest({
          body: { ...body, email },
          mailbox: canonicalMailbox(email),
          ndaHash: library.nda.sha256,
          now,
          decisionLinks: decisionLinkHashes(
            options.linkKey,
            jobs.flatMap((job) => (job.channel === "approver-email" && job.id && job.recipient ? [{ jobId: job.id, recipient: job.recipient }] : [])),
          ),
          decisionExpiresAt: new Date(now.getTime() + TRUST_DECISION_LINK_DAYS * DAY_MS),
          jobs,
          caps: options.caps,
        });
      } catch (error) {
        return options.storageUnavailable(request, reply, error);
      }
      request.log.info({ trustRequestId: saved.id, ...(saved.digest ? { digest: saved.digest } : {}) }, "trust request stored");
      options.jobsWritten();
      if (saved.digest) options.capHits?.count("trust-digest");
      // The same answer whatever happened, so the form tells no one what another has asked.
      return reply.code(202).send({ received: true });
    },
  );

  await app.register((scope, _options, registered) => {
    // Encapsulated, so that only these paths take a form or any other body, unread.
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: options.linkBodyLimit }, (_request, _body, done) => done(null, undefined));
    const config = { config: { rateLimit: options.linkRateLimit }, bodyLimit: options.linkBodyLimit };

    const decide = (decision: "approve" | "deny") => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("Cache-Control", "no-store");
      const token = linkToken(request);
      if (!token) return refuse(reply);
      let decided: string | undefined;
      try {
        const target = { tokenHash: tokenHash(token), decision };
        decided = await decideTrustRequest(options, target, decision === "approve" ? "approved" : "denied", "email link");
      } catch (error) {
        return options.storageUnavailable(request, reply, error);
      }
      if (!decided) return refuse(reply);
      request.log.info({ trustRequestId: decided, decision }, "trust request decided");
      return reply.redirect(decision === "approve" ? TRUST_PAGES.approved : TRUST_PAGES.denied, 303);
    };
    scope.post(TRUST_PAGES.approve, config, decide("approve"));
    scope.post(TRUST_PAGES.deny, config, decide("deny"));

    /**
     * A download (requirement TRUST-9): a place in the stamping queue, then
     * the link claimed (spent, and the download recorded, in one store call,
     * so of posts racing with one link exactly one goes on), then the stamp
     * in a worker thread. A stamp that fails, or a requester who left before
     * the copy was ready, releases the claim: the link works again.
     */
    scope.post(TRUST_PAGES.download, config, async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const token = linkToken(request);
      if (!token) return refuse(reply);
      const slot = stamps.reserve();
      if (!slot) {
        request.log.warn("trust download turned away: the stamping queue is full");
        return tryAgainSoon(reply);
      }
      // One reading of the clock: the link is judged, spent and dated at the same moment.
      const now = options.now();
      let claim: TrustDownloadClaim | undefined;
      try {
        claim = await store.claimTrustDownload(tokenHash(token), now);
      } catch (error) {
        slot.release();
        return options.storageUnavailable(request, reply, error);
      }
      const document = claim && library.documents.find((candidate) => candidate.id === claim.document);
      if (!claim || !document) {
        slot.release();
        // A link to a document this build no longer has: it stays as it was.
        if (claim) await releaseClaim(store, request, claim);
        return refuse(reply);
      }
      const { request: asked } = claim;
      const started = performance.now();
      let stamped: Uint8Array;
      try {
        stamped = await slot.stamp({
          document: document.id,
          details: { name: asked.name, company: asked.company, email: asked.email, requestId: asked.id, date: now },
        });
      } catch (error) {
        request.log.error({ err: error, trustRequestId: asked.id }, "trust copy not stamped");
        await releaseClaim(store, request, claim);
        return tryAgainSoon(reply);
      }
      if (request.socket.destroyed) {
        request.log.info({ trustRequestId: asked.id }, "trust download abandoned before its copy was ready");
        await releaseClaim(store, request, claim);
        return reply;
      }
      request.log.info({ trustRequestId: asked.id, document: document.id, ms: Math.round(performance.now() - started) }, "trust copy stamped");
      return reply
        .header("Content-Type", "application/pdf")
        .header("Content-Disposition", `attachment; filename="${attachmentName(document.file, asked.id)}"`)
        .header("X-Content-Type-Options", "nosniff")
        .send(Buffer.from(stamped.buffer, stamped.byteOffset, stamped.byteLength));
    });
    registered();
  });
}

/** Puts a claimed link back (the copy was not made or not taken); a failure here is logged, and the link stays spent. */
async function releaseClaim(store: LeadStore, request: FastifyRequest, claim: TrustDownloadClaim): Promise<void> {
  try {
    const restored = await store.releaseTrustDownload(claim.spent);
    request.log.info({ trustRequestId: claim.request.id, restored }, "trust download link released");
  } catch (error) {
    request.log.error({ err: error, trustRequestId: claim.request.id }, "trust download link not released");
  }
}

type DecisionOptions = Pick<TrustServiceOptions, "store" | "routing" | "linkKey" | "now" | "jobsWritten">;

/**
 * Approves or denies a pending request, by an approver's link or an
 * operator's id: an approval writes a download link per document, derived
 * from the id of the requester's e-mail. Resolves with the request id, or
 * undefined when the link or id names no pending request.
 */
export async function decideTrustRequest(
  options: DecisionOptions,
  target: TrustTarget,
  outcome: "approved" | "denied",
  decidedBy: string,
): Promise<string | undefined> {
  const now = options.now();
  const found = await options.store.trustDecisionTarget(target, now);
  if (!found) return undefined;
  const jobId = newJobId();
  const result = await options.store.decideTrustRequest({
    target,
    outcome,
    now,
    decidedBy,
    grants: outcome === "approved" ? downloadLinkHashes(options.linkKey, jobId, found.documents) : [],
    grantExpiresAt: new Date(now.getTime() + TRUST_DOWNLOAD_LINK_DAYS * DAY_MS),
    jobs: trustDecisionJobs(options.routing, outcome, jobId),
  });
  if (result.status !== "done") return undefined;
  options.jobsWritten();
  return result.id;
}
