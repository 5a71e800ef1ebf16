import { randomUUID } from "node:crypto";
import pg from "pg";
import type { CompiledQuery } from "kysely";
import { OPERATIONS, operationMethods, type OperationArgs, type OperationMethods, type OperationName, type OperationResult } from "../operations.ts";
import { runAsync, SQL } from "../query.ts";
import { MIGRATIONS as ALL_MIGRATIONS } from "../migrations/index.ts";
import type { StoreOperation } from "../repositories/operation.ts";
import { jobPriority, newJobId, type NewJob } from "../outbox-records.ts";
import { mailboxDomain } from "../../lib/mailbox.ts";
import { digestSlot } from "./pace.ts";
import { vacuumFull } from "./vacuum.ts";
import { TRAFFIC_DAY_TABLES } from "./traffic.ts";
import {
  decidedBy,
  toStoredTrustRequest,
  toTrustDownloadRecord,
  trustDigestScope,
  type NewTrustRequest,
  type StoredTrustRequest,
  type TrustDecision,
  type SpentTrustLink,
  type TrustDownload,
  type TrustDownloadClaim,
  type TrustRequestResult,
  type TrustTarget,
  type ErasureResult,
  type LeadStore,
  type RetentionCutoffs,
  type RetentionResult,
  type LinkResult,
} from "../store.ts";

/** This backend's side of each schema change (server/db/migrations/), applied in order once each. */
export const MIGRATIONS: readonly (string | ((client: pg.PoolClient) => Promise<void>))[] = ALL_MIGRATIONS.map((migration) => migration.postgres);

/** After this version, the old tokens' bytes are rewritten away (VACUUM FULL). */
const VACUUM_AFTER_VERSION = 3;

/** PostgreSQL leaves deleted rows' bytes in its pages until VACUUM FULL rewrites the table into new files. */
const PERSONAL_TABLES = ["leads", "subscribers", "subscriber_events", "outbox", "trust_requests", "trust_links", "trust_downloads"] as const;
const HOUR_MS = 60 * 60 * 1000;

/** Jobs as one JSON parameter, so a lead or a link and its jobs go in one statement, which PostgreSQL runs atomically. */
function jobsParameter(jobs: readonly NewJob[]): string {
  return JSON.stringify(
    jobs.map((job) => ({
      id: job.id ?? newJobId(),
      channel: job.channel,
      event: job.event,
      recipient: job.recipient ?? null,
      payload: job.payload ?? {},
      priority: jobPriority(job.channel),
    })),
  );
}

/** The INSERT of the jobs in parameter `$n` for the subject row named `subject` (a CTE with `id`), stamped `time`, due at `due` (a paced e-mail's turn) or at once. */
function insertJobsSql(parameter: string, subject: string, time: string, due = time): string {
  return `INSERT INTO outbox (id, channel, event, subject_id, recipient, payload, priority, created_at, next_attempt_at)
    SELECT j.id, j.channel, j.event, ${subject}.id, j.recipient, j.payload, j.priority, ${time}, ${due}
    FROM ${subject}, jsonb_to_recordset(${parameter}::jsonb) AS j(id TEXT, channel TEXT, event TEXT, recipient TEXT, payload JSONB, priority SMALLINT)`;
}

/** Any constant: it names the migration lock among this database's advisory locks. */
const MIGRATION_LOCK = 7_413_020_251;

/**
 * The shared store for several instances behind a load balancer (DATABASE_URL).
 * The same contract as the SQLite store: a call resolves only after its
 * transaction has committed (PostgreSQL's default synchronous_commit), the same
 * constraints, and idempotency on a unique key.
 */
/** The operations written with the query builder, as methods (server/db/operations.ts). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the methods are made from the operations' names in the constructor
export interface PostgresLeadStore extends OperationMethods {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface above
export class PostgresLeadStore implements LeadStore {
  private readonly pool: pg.Pool;

  private constructor(pool: pg.Pool) {
    Object.assign(this, operationMethods(this));
    this.pool = pool;
  }

  static async open(connectionString: string): Promise<PostgresLeadStore> {
    const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5000 });
    // An idle client losing its server (a restart, an outage) must not crash the process.
    pool.on("error", () => undefined);
    const store = new PostgresLeadStore(pool);
    await store.migrate();
    return store;
  }

  private async migrate(): Promise<void> {
    const client = await this.pool.connect();
    let vacuum = false;
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await client.query("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)");
      const { rows } = await client.query<{ version: number }>("SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations");
      const current = rows[0]?.version ?? 0;
      for (const [index, sql] of MIGRATIONS.entries()) {
        if (index + 1 <= current) continue;
        await client.query("BEGIN");
        if (typeof sql === "string") await client.query(sql);
        else await sql(client);
        await client.query("INSERT INTO schema_migrations (version, applied_at) VALUES ($1, now())", [index + 1]);
        await client.query("COMMIT");
        vacuum ||= index + 1 >= VACUUM_AFTER_VERSION;
      }
      if (vacuum) await this.vacuumFull(client, PERSONAL_TABLES);
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      client.release();
    }
  }

  /** Runs an operation written with the query builder: a read on any connection, a write in one transaction. */
  run<Name extends OperationName>(name: Name, ...args: OperationArgs<Name>): Promise<OperationResult<Name>> {
    const operation = OPERATIONS[name] as StoreOperation<unknown[], OperationResult<Name>>;
    const on = (client: pg.Pool | pg.PoolClient) => (compiled: CompiledQuery) =>
      client.query<Record<string, unknown>>(compiled.sql, [...compiled.parameters]).then((result) => ({ rows: result.rows, changes: result.rowCount ?? 0 }));
    return operation.reads ? runAsync(operation.run(SQL.postgres, ...args), on(this.pool)) : this.transaction((client) => runAsync(operation.run(SQL.postgres, ...args), on(client)));
  }

  /** Runs `work` in one transaction on one connection: committed if it returns, rolled back if it throws. */
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Rewrites the tables into new files, leaving no deleted row's bytes in them; outside any transaction. */
  private async vacuumFull(client: pg.ClientBase | pg.Pool, tables: readonly (typeof PERSONAL_TABLES)[number][]): Promise<void> {
    // The migration's own connection holds the migration lock: it rewrites there, once.
    if (client !== this.pool) await client.query(`VACUUM FULL ${tables.join(", ")}`);
    else await vacuumFull(this.pool, tables);
  }

  async applyRetention(cutoffs: RetentionCutoffs): Promise<RetentionResult> {
    const result = await this.run("sweepRetention", cutoffs);
    if (result.leads + result.spamLeads + result.unconfirmed + result.trustRequests > 0) await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
  }

  /** Every row whose address reaches the same mailbox, however spelt; then the file rewritten without them. */
  async deleteByEmail(email: string, jobs: readonly NewJob[]): Promise<ErasureResult> {
    const result = await this.run("eraseMailbox", email, jobs, new Date());
    await this.vacuumFull(this.pool, PERSONAL_TABLES);
    return result;
  }

  saveTrustRequest(request: NewTrustRequest): Promise<TrustRequestResult> {
    const domain = mailboxDomain(request.mailbox);
    return this.transaction(async (client): Promise<TrustRequestResult> => {
      // Requests from one domain, on any instance, wait for each other, so a burst cannot pass the caps together.
      await client.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`trust:${domain}`]);
      const dayAgo = new Date(request.now.getTime() - 24 * HOUR_MS);
      const hourAgo = new Date(request.now.getTime() - HOUR_MS);
      const { rows } = await client.query<{ mailbox: string; domain: string; total: string }>(
        `SELECT count(*) FILTER (WHERE mailbox = $1 AND created_at > $3) AS mailbox,
           count(*) FILTER (WHERE domain = $2 AND created_at > $4) AS domain,
           count(*) FILTER (WHERE created_at > $4) AS total
         FROM trust_requests WHERE created_at > $3`,
        [request.mailbox, domain, dayAgo, hourAgo],
      );
      const counts = rows[0];
      // Past a cap the request is stored all the same; its approvers learn of it in their next digest (TRUST-6).
      const digest = trustDigestScope({ mailbox: Number(counts?.mailbox ?? 0), domain: Number(counts?.domain ?? 0), total: Number(counts?.total ?? 0) }, request.caps);
      const id = randomUUID();
      const { body } = request;
      await client.query(
        `INSERT INTO trust_requests (id, created_at, name, email, mailbox, domain, company, role, documents, reason, nda_version, nda_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12)`,
        [id, request.now, body.name, body.email, request.mailbox, domain, body.company, body.role, JSON.stringify(body.documents), body.reason, body.ndaVersion, request.ndaHash],
      );
      for (const link of request.decisionLinks) {
        await client.query("INSERT INTO trust_links (token_hash, request_id, purpose, approver, expires_at) VALUES ($1, $2, $3, $4, $5)", [
          link.tokenHash,
          id,
          link.decision,
          link.approver,
          request.decisionExpiresAt,
        ]);
      }
      if (!digest) {
        await this.insertJobs(client, id, request.jobs, request.now);
        return { outcome: "queued", id };
      }
      for (const job of request.jobs) {
        if (job.channel === "approver-email" && job.recipient) {
          await this.insertJobs(client, id, [{ ...job, event: "trust.access_digest" }], request.now, await digestSlot(client, job.recipient, request.now));
        } else await this.insertJobs(client, id, [job], request.now);
      }
      return { outcome: "queued", id, digest };
    });
  }

  private async insertJobs(client: pg.PoolClient, subjectId: string, jobs: readonly NewJob[], now: Date, dueAt = now): Promise<void> {
    await client.query(`WITH subject AS (SELECT $1::uuid AS id) ${insertJobsSql("$2", "subject", "$3::timestamptz", "$4::timestamptz")}`, [
      subjectId,
      jobsParameter(jobs),
      now,
      dueAt,
    ]);
  }

  /** The pending request a link or id names, and the approver the link was sent to (empty for an id). */
  private async pendingTarget(
    client: pg.ClientBase | pg.Pool,
    target: TrustTarget,
    now: Date,
    lock: boolean,
  ): Promise<{ id: string; documents: string[]; approver: string } | undefined> {
    const forUpdate = lock ? "FOR UPDATE OF r" : "";
    const { rows } =
      "id" in target
        ? await client.query<{ id: string; documents: string[]; approver: string }>(
            `SELECT r.id, r.documents, '' AS approver FROM trust_requests r WHERE r.id::text = $1 AND r.status = 'pending' ${forUpdate}`,
            [target.id],
          )
        : await client.query<{ id: string; documents: string[]; approver: string }>(
            `SELECT r.id, r.documents, l.approver FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
             WHERE l.token_hash = $1 AND l.purpose = $2 AND l.expires_at > $3 AND r.status = 'pending' ${forUpdate}`,
            [target.tokenHash, target.decision, now],
          );
    return rows[0];
  }

  async trustDecisionTarget(target: TrustTarget, now: Date): Promise<{ id: string; documents: string[] } | undefined> {
    const found = await this.pendingTarget(this.pool, target, now, false);
    return found && { id: found.id, documents: found.documents };
  }

  decideTrustRequest(decision: TrustDecision): Promise<LinkResult> {
    return this.transaction(async (client): Promise<LinkResult> => {
      const found = await this.pendingTarget(client, decision.target, decision.now, true);
      if (!found) return { status: "invalid" };
      await client.query("UPDATE trust_requests SET status = $2, decided_at = $3, decided_by = $4 WHERE id = $1", [
        found.id,
        decision.outcome,
        decision.now,
        decidedBy(decision.decidedBy, found.approver),
      ]);
      await client.query("DELETE FROM trust_links WHERE request_id = $1 AND purpose IN ('approve', 'deny')", [found.id]);
      if (decision.outcome === "approved") {
        for (const grant of decision.grants) {
          await client.query("INSERT INTO trust_links (token_hash, request_id, purpose, document, expires_at) VALUES ($1, $2, 'download', $3, $4)", [
            grant.tokenHash,
            found.id,
            grant.document,
            decision.grantExpiresAt,
          ]);
        }
      }
      await this.insertJobs(client, found.id, decision.jobs, decision.now);
      return { status: "done", id: found.id };
    });
  }

  revokeTrustRequest(id: string, now: Date): Promise<boolean> {
    return this.transaction(async (client) => {
      const revoked = await client.query(
        "UPDATE trust_requests SET status = 'revoked', decided_at = $2, decided_by = 'command line' WHERE id::text = $1 AND status = 'approved' RETURNING id",
        [id, now],
      );
      if (!revoked.rowCount) return false;
      await client.query("DELETE FROM trust_links WHERE request_id::text = $1", [id]);
      return true;
    });
  }

  /** The requests with their downloads, oldest download first. */
  private async withDownloads(rows: Record<string, unknown>[]): Promise<StoredTrustRequest[]> {
    const downloads = await this.pool.query<Record<string, unknown>>(
      "SELECT request_id, document, at FROM trust_downloads WHERE request_id = ANY($1::uuid[]) ORDER BY seq",
      [rows.map((row) => String(row.id))],
    );
    const byRequest = new Map<string, { document: string; at: string }[]>();
    for (const row of downloads.rows) {
      const id = String(row.request_id);
      byRequest.set(id, [...(byRequest.get(id) ?? []), toTrustDownloadRecord(row)]);
    }
    return rows.map((row) => toStoredTrustRequest(row, byRequest.get(String(row.id)) ?? []));
  }

  async trustDownload(tokenHash: string, now: Date): Promise<TrustDownload | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `SELECT l.document AS link_document, r.* FROM trust_links l JOIN trust_requests r ON r.id = l.request_id
       WHERE l.token_hash = $1 AND l.purpose = 'download' AND l.expires_at > $2 AND r.status = 'approved'`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) return undefined;
    const [request] = await this.withDownloads([row]);
    return request && { request, document: String(row.link_document) };
  }

  /** One statement: the link is spent and the download recorded together, once; a racing DELETE finds the row gone. */
  async claimTrustDownload(tokenHash: string, now: Date): Promise<TrustDownloadClaim | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>(
      `WITH spent AS (DELETE FROM trust_links WHERE token_hash = $1 AND purpose = 'download' AND expires_at > $2
           AND request_id IN (SELECT id FROM trust_requests WHERE status = 'approved')
         RETURNING request_id, document, expires_at),
       recorded AS (INSERT INTO trust_downloads (request_id, document, at) SELECT request_id, document, $2 FROM spent RETURNING seq)
       SELECT s.document AS link_document, s.expires_at AS link_expires_at, (SELECT seq FROM recorded) AS download_seq, r.*
       FROM spent s JOIN trust_requests r ON r.id = s.request_id`,
      [tokenHash, now],
    );
    const row = rows[0];
    if (!row) return undefined;
    const [request] = await this.withDownloads([row]);
    if (!request) return undefined;
    const document = String(row.link_document);
    const expiresAt = row.link_expires_at instanceof Date ? row.link_expires_at.toISOString() : String(row.link_expires_at);
    return { request, document, spent: { tokenHash, requestId: request.id, document, expiresAt, downloadSeq: Number(row.download_seq) } };
  }

  releaseTrustDownload(spent: SpentTrustLink): Promise<boolean> {
    return this.transaction(async (client) => {
      await client.query("DELETE FROM trust_downloads WHERE seq = $1 AND request_id::text = $2", [spent.downloadSeq, spent.requestId]);
      const restored = await client.query(
        `INSERT INTO trust_links (token_hash, request_id, purpose, document, expires_at)
         SELECT $1, id, 'download', $2, $3 FROM trust_requests WHERE id::text = $4 AND status = 'approved'
         ON CONFLICT DO NOTHING`,
        [spent.tokenHash, spent.document, spent.expiresAt, spent.requestId],
      );
      return (restored.rowCount ?? 0) > 0;
    });
  }

  async getTrustRequest(id: string): Promise<StoredTrustRequest | undefined> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM trust_requests WHERE id::text = $1", [id]);
    return (await this.withDownloads(rows))[0];
  }

  async listTrustRequests({ since }: { since?: Date } = {}): Promise<StoredTrustRequest[]> {
    const { rows } = await this.pool.query<Record<string, unknown>>("SELECT * FROM trust_requests WHERE created_at >= $1 ORDER BY created_at, id", [
      since ?? new Date(0),
    ]);
    return this.withDownloads(rows);
  }

  /** Resolves once the closed days' slots are gone from the table's files too (VACUUM FULL). */
  async closeTrafficDays(today: string, keepFrom: string): Promise<number> {
    const { closed, dropped } = await this.run("endTrafficDays", today, keepFrom);
    if (closed > 0) await vacuumFull(this.pool, TRAFFIC_DAY_TABLES);
    return closed + dropped;
  }

  async close(): Promise<void> {
    if (!this.pool.ended) await this.pool.end();
  }
}
