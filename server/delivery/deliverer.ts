import { type Channel, type JobOutcome, type OutboxJob } from "../db/outbox-records.ts";
import { linkToken, linkTokens } from "../lib/link-tokens.ts";
import { CONSOLE_PATHS } from "../console/layout.ts";
import { SIGN_IN_LINK_MINUTES } from "../console/sessions.ts";
import { redactAddresses } from "../db/store.ts";
import type { LeadStore } from "../db/lead-store.ts";
import { enabledChannels, type DeliveryConfig } from "./config.ts";
import { isPermanentRefusal, smtpMailer, type Mailer } from "./mailer.ts";
import {
  consoleSignInMessage,
  confirmationMessage,
  erasureWebhookBody,
  leadWebhookBody,
  salesNotification,
  subscriberWebhookBody,
  trustApprovalMessage,
  trustDeniedMessage,
  trustGrantedMessage,
  trustDigestMessage,
  trustRequestWebhookBody,
  type DocumentTitles,
} from "./messages.ts";
import { decisionTokens, downloadToken, trustLink } from "../trust/links.ts";
import { postWebhook } from "./webhook.ts";
import { nextAttemptAt } from "../outbox/retry.ts";

/** Jobs sent at once by one instance: enough to drain a burst, few enough not to swamp a receiver. */
const CONCURRENCY = 8;
/** How often the outbox is looked at when nothing wakes the deliverer: for retries that come due, and other instances' jobs. */
const POLL_MS = 1_000;

/** Requests one digest e-mail lists at most; more wait for the next one (TRUST-6). */
const DIGEST_MAX_REQUESTS = 50;

/** A job that can never succeed (its lead was erased meanwhile): dead at once, not retried for a day. */
class PermanentFailure extends Error {}

export interface DelivererLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Sends the outbox's jobs (requirement LEAD-17) from inside the server
 * process: it claims due jobs with a lease, sends each, and records the
 * outcome; a failed attempt comes due again after an exponential, jittered
 * delay, and after the last attempt the job is dead-lettered. Intake never
 * waits for it: a saved lead only wakes it.
 */
export class OutboxDeliverer {
  private readonly store: LeadStore;
  private readonly config: DeliveryConfig;
  private readonly siteUrl: string;
  private readonly log: DelivererLog;
  private readonly channels: Channel[];
  private readonly mailer: Mailer | undefined;
  private readonly linkKey: Buffer;
  private readonly documentTitles: DocumentTitles;
  private readonly inFlight = new Set<Promise<void>>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private wokenEarly = false;

  constructor(options: {
    store: LeadStore;
    config: DeliveryConfig;
    siteUrl: string;
    log: DelivererLog;
    linkKey: Buffer;
    mailer?: Mailer;
    /** The Trust Center's documents by id, for its e-mails. */
    documentTitles?: DocumentTitles;
  }) {
    this.documentTitles = options.documentTitles ?? ((id) => id);
    this.store = options.store;
    this.config = options.config;
    this.siteUrl = options.siteUrl;
    this.log = options.log;
    this.linkKey = options.linkKey;
    this.channels = enabledChannels(options.config);
    this.mailer = options.mailer ?? (options.config.mail ? smtpMailer(options.config.mail.smtpUrl, options.config.mail.from) : undefined);
  }

  /** The channels this deliverer sends; jobs of others wait until their channel is configured. */
  get activeChannels(): readonly Channel[] {
    return this.channels;
  }

  start(): void {
    if (this.running || this.channels.length === 0) return;
    this.running = true;
    this.loop = this.run();
  }

  /** A job was just written: look now rather than at the next poll. */
  wake(): void {
    this.wokenEarly = true;
    this.wakeUp?.();
  }

  /**
   * Stops claiming and waits for the sends under way (each bounded by its own
   * deadline). A send cut off by a crash instead is sent again once its lease
   * ends: delivery is at least once.
   */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled(this.inFlight);
    this.mailer?.close();
  }

  private async run(): Promise<void> {
    while (this.isRunning()) {
      this.wokenEarly = false;
      let claimed = 0;
      try {
        claimed = await this.claimAndSend();
      } catch (error) {
        // The store is unreachable: the jobs are safe in it; try again at the next poll.
        this.log.warn({ err: error }, "outbox: could not claim jobs");
      }
      if (!this.isRunning()) break;
      // Full: wait for a send to finish. Empty: wait for a wake-up or the poll.
      if (this.inFlight.size >= CONCURRENCY) await Promise.race(this.inFlight);
      else if (claimed === 0 && !this.wasWoken()) await this.sleep(POLL_MS);
    }
  }

  // Methods, not fields read in place, so that TypeScript does not assume them unchanged across an await.
  private isRunning(): boolean {
    return this.running;
  }

  private wasWoken(): boolean {
    return this.wokenEarly;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }

  private async claimAndSend(): Promise<number> {
    const room = CONCURRENCY - this.inFlight.size;
    if (room <= 0) return 0;
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + this.config.leaseMs);
    const jobs = await this.store.claimJobs(this.channels, room, now, leaseUntil);
    // An approver's digest jobs go in one e-mail: those claimed here, and the others of the same digest.
    const digests = new Map<string, OutboxJob[]>();
    for (const job of jobs) {
      if (job.event !== "trust.access_digest" || !job.recipient) this.track(this.deliver(job));
      else digests.set(job.recipient, [...(digests.get(job.recipient) ?? []), job]);
    }
    for (const [recipient, claimed] of digests) {
      const more = claimed.length < DIGEST_MAX_REQUESTS ? await this.store.claimDigestJobs(recipient, DIGEST_MAX_REQUESTS - claimed.length, now, leaseUntil) : [];
      this.track(this.deliverDigest([...claimed, ...more]));
    }
    return jobs.length;
  }

  private track(work: Promise<void>): void {
    const sending: Promise<void> = work.finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** How a failed attempt ends: tried again later, or dead when it cannot succeed or was the last. */
  private failure(job: OutboxJob, error: unknown): JobOutcome {
    // A mail server's refusal names the recipient: the text is logged and stored without it.
    const message = redactAddresses(error instanceof Error ? error.message : String(error));
    const permanent = error instanceof PermanentFailure || isPermanentRefusal(error);
    const retryAt = permanent ? undefined : nextAttemptAt(this.config.schedule, job.attempts, new Date());
    return retryAt ? { status: "retry", retryAt: retryAt.toISOString(), error: message } : { status: "dead", error: message };
  }

  /**
   * One e-mail for several requests' approver jobs: each job records its
   * outcome, dead only for a request erased meanwhile. A store or mail failure
   * is the whole digest's, retried together.
   */
  private async deliverDigest(jobs: readonly OutboxJob[]): Promise<void> {
    const [first] = jobs;
    if (!first) return;
    let results: { job: OutboxJob; outcome: JobOutcome }[];
    try {
      const found = await Promise.all(jobs.map(async (job) => ({ job, request: await this.store.getTrustRequest(job.subjectId) })));
      const entries = found.flatMap(({ job, request }) => {
        if (!request) return [];
        const tokens = decisionTokens(this.linkKey, job.id);
        return [{ job, request, links: { approve: trustLink(this.siteUrl, "approve", tokens.approve), deny: trustLink(this.siteUrl, "deny", tokens.deny) } }];
      });
      if (entries.length > 0) {
        if (!this.mailer) throw new Error("SMTP_URL is not configured");
        await this.mailer.send(trustDigestMessage(entries, this.siteUrl, this.documentTitles));
      }
      results = found.map(({ job, request }) => ({ job, outcome: request ? { status: "delivered" } : { status: "dead", error: "the trust request no longer exists" } }));
    } catch (error) {
      const outcome = this.failure(first, error);
      results = jobs.map((job) => ({ job, outcome }));
    }
    this.log.info({ jobIds: jobs.map((job) => job.id), channel: "approver-email", event: "trust.access_digest", outcomes: results.map(({ outcome }) => outcome.status) }, "outbox: digest");
    for (const { job, outcome } of results) {
      await this.store.finishJob(job.id, outcome, new Date()).catch((error: unknown) => this.log.warn({ jobId: job.id, err: error }, "outbox: could not record a delivery"));
    }
  }

  private async deliver(job: OutboxJob): Promise<void> {
    let outcome: JobOutcome;
    try {
      await this.send(job);
      outcome = { status: "delivered" };
    } catch (error) {
      outcome = this.failure(job, error);
    }
    // Ids, channels and counts only: never the lead's details (requirement LEAD-11).
    const fields = { jobId: job.id, channel: job.channel, event: job.event, attempt: job.attempts };
    if (outcome.status === "delivered") this.log.info(fields, "outbox: delivered");
    else if (outcome.status === "retry") this.log.warn({ ...fields, retryAt: outcome.retryAt, error: outcome.error }, "outbox: attempt failed");
    else this.log.error({ ...fields, error: outcome.error }, "outbox: dead-lettered");
    try {
      await this.store.finishJob(job.id, outcome, new Date());
    } catch (error) {
      // Unrecorded: the lease ends and the job is sent again (at least once).
      this.log.warn({ jobId: job.id, err: error }, "outbox: could not record a delivery");
    }
  }

  private async send(job: OutboxJob): Promise<void> {
    if (job.channel === "webhook") {
      const body = await this.webhookBody(job);
      if (!this.config.webhook) throw new Error("the webhook is not configured");
      await postWebhook(this.config.webhook, job.id, body, new Date());
      return;
    }
    if (!this.mailer) throw new Error("SMTP_URL is not configured");
    if (job.channel === "sales-email") {
      const lead = await this.store.getLead(job.subjectId);
      if (!lead) throw new PermanentFailure("the lead no longer exists");
      // Jobs written before each inbox had its own job go to every inbox configured.
      await this.mailer.send(salesNotification(lead, job, this.siteUrl, job.recipient ?? this.config.notifyTo));
      return;
    }
    if (job.event.startsWith("trust.")) {
      await this.mailer.send(await this.trustMessage(job));
      return;
    }
    if (job.event === "console.sign_in") {
      // A link past its minutes would only lead to "link not valid": better not sent at all.
      if (Date.now() > Date.parse(job.createdAt) + SIGN_IN_LINK_MINUTES * 60_000) throw new PermanentFailure("the sign-in link expired before it could be sent");
      const link = `${new URL(this.siteUrl).origin}${CONSOLE_PATHS.signInLink}?token=${linkToken(this.linkKey, "console-sign-in", job.id)}`;
      await this.mailer.send(consoleSignInMessage(job, this.siteUrl, link, SIGN_IN_LINK_MINUTES));
      return;
    }
    const subscriber = await this.store.getSubscriber(job.subjectId);
    if (!subscriber) throw new PermanentFailure("the sign-up no longer exists");
    // Derived now, never stored (requirement LEAD-24): the database holds only their hashes.
    await this.mailer.send(confirmationMessage(subscriber, job, this.siteUrl, linkTokens(this.linkKey, job.id)));
  }

  /** A Trust Center e-mail, its links derived now from the job's id and never stored (requirement TRUST-5). */
  private async trustMessage(job: OutboxJob) {
    const request = await this.store.getTrustRequest(job.subjectId);
    if (!request) throw new PermanentFailure("the trust request no longer exists");
    if (job.event === "trust.access_requested") {
      const tokens = decisionTokens(this.linkKey, job.id);
      const links = { approve: trustLink(this.siteUrl, "approve", tokens.approve), deny: trustLink(this.siteUrl, "deny", tokens.deny) };
      return trustApprovalMessage(request, job, this.siteUrl, links, this.documentTitles);
    }
    if (job.event === "trust.access_granted") {
      const links = request.documents.map((document) => ({ document, url: trustLink(this.siteUrl, "download", downloadToken(this.linkKey, job.id, document)) }));
      return trustGrantedMessage(request, job, this.siteUrl, links, this.documentTitles);
    }
    if (job.event === "trust.access_denied") return trustDeniedMessage(request, job, this.siteUrl);
    throw new PermanentFailure(`no e-mail for ${job.event}`);
  }

  private async webhookBody(job: OutboxJob): Promise<string> {
    if (job.event === "trust.access_requested") {
      const request = await this.store.getTrustRequest(job.subjectId);
      if (!request) throw new PermanentFailure("the trust request no longer exists");
      return trustRequestWebhookBody(request);
    }
    if (job.event === "lead.created") {
      const lead = await this.store.getLead(job.subjectId);
      if (!lead) throw new PermanentFailure("the lead no longer exists");
      return leadWebhookBody(lead);
    }
    if (job.event === "newsletter.confirmed" || job.event === "newsletter.unsubscribed") {
      const subscriber = await this.store.getSubscriber(job.subjectId);
      if (!subscriber) throw new PermanentFailure("the sign-up no longer exists");
      return subscriberWebhookBody(job.event, subscriber);
    }
    if (job.event === "person.erased") return erasureWebhookBody(job);
    throw new PermanentFailure(`no webhook for ${job.event}`);
  }
}
