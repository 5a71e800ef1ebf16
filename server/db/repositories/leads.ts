/**
 * Leads: stored once per idempotency key with their jobs (requirements LEAD-2,
 * LEAD-17), read back, marked handled in the console (OPS-3), and as the
 * console reads them (requirement OPS-5): a page of the leads a filter and a
 * search show, newest first, and how many there are, counted and cut by the
 * database, not in memory.
 */
import { randomUUID } from "node:crypto";
import { sql as raw, type RawBuilder } from "kysely";
import { LEAD_FIELD_SPECS, LEAD_TEXT_FIELDS, type LeadBody } from "../../../common/lead-fields.ts";
import { query, type Operation, type Sql } from "../query.ts";
import { isUuid, leadBodyHash, toStoredLead, type LeadMeta, type LeadRow, type SaveLeadResult, type StoredLead } from "../store.ts";
import { insertJobs, insertSubjectJobs, jobRows, type NewJobRow } from "./outbox-jobs.ts";
import { statement } from "../statement.ts";
import { readOperation, writeOperation } from "./operation.ts";

type LeadTextColumn = (typeof LEAD_FIELD_SPECS)[(typeof LEAD_TEXT_FIELDS)[number]]["column"];

/** A lead's row as it is written, but for its time: the database's clock stamps it on PostgreSQL, the worker's on SQLite. */
type NewLeadRow = Record<LeadTextColumn, string> & { id: string; spam: boolean; spam_reason: string; idempotency_key: string | null; body_hash: string };

/** SQLite: the lead, or nothing for a key already stored. SQLite takes no INSERT inside WITH: the worker's transaction holds it and its jobs together. */
const insertLead = statement(({ db }, lead: NewLeadRow & { created_at: Date }) =>
  db
    .insertInto("leads")
    // The table refuses a lead without terms accepted (a CHECK constraint).
    .values({ ...lead, terms_accepted: true })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returning("id"),
);

/**
 * PostgreSQL: the lead and its jobs in one statement (a data-modifying WITH),
 * which PostgreSQL commits atomically by itself, so the busiest write there
 * is needs no BEGIN and COMMIT round trips (the operation is `autocommit`).
 * Nothing for a key already stored; a concurrent insert of the key is waited
 * for, so the lookup after it finds the row. Stamped in milliseconds, as
 * JavaScript's clock has them: a job stamped with the microseconds of now()
 * could be later than a claim's `new Date()` taken just after the commit, and
 * wait a poll for nothing.
 */
const insertLeadWithJobs = statement(({ db }, { jobs, ...lead }: NewLeadRow & { jobs: readonly NewJobRow[] }) => {
  const inserted = db.with("subject", (creator) =>
    creator
      .insertInto("leads")
      .values({ ...lead, created_at: raw<Date>`date_trunc('milliseconds', now())`, terms_accepted: true })
      .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
      .returning(["id", "created_at"]),
  );
  // A length is part of a statement's shape, so the build may look at it.
  return jobs.length === 0
    ? inserted.selectFrom("subject").select("id")
    : inserted.with("jobs", (creator) => insertSubjectJobs(creator, jobs)).selectFrom("subject").select("id");
});

const leadByKey = statement(({ db }, { key }: { key: string | null }) => db.selectFrom("leads").select(["id", "body_hash"]).where("idempotency_key", "=", key));

/**
 * Stores a lead and its jobs, or, for a key already used, nothing: the same
 * body is a retry and is told the first lead's id, another body is refused.
 */
function* saveLead(sql: Sql, lead: LeadBody, meta: LeadMeta): Operation<SaveLeadResult> {
  const hash = leadBodyHash(lead);
  const text = Object.fromEntries(LEAD_TEXT_FIELDS.map((field) => [LEAD_FIELD_SPECS[field].column, lead[field]])) as Record<LeadTextColumn, string>;
  const row: NewLeadRow = {
    id: randomUUID(),
    ...text,
    spam: Boolean(meta.spamReason),
    spam_reason: meta.spamReason ?? "",
    idempotency_key: meta.idempotencyKey ?? null,
    body_hash: hash,
  };
  const jobs = meta.jobs ?? [];
  if (sql.dialect === "postgres") {
    const { rows } = yield* insertLeadWithJobs(sql, { ...row, jobs: jobRows(jobs) });
    if (rows[0]) return { status: "created", id: String(rows[0].id) };
  } else {
    const createdAt = new Date();
    const { rows } = yield* insertLead(sql, { ...row, created_at: createdAt });
    if (rows[0]) {
      yield* insertJobs(sql, jobs, row.id, createdAt);
      return { status: "created", id: row.id };
    }
  }
  const { rows: existing } = yield* leadByKey(sql, { key: row.idempotency_key });
  const found = existing[0];
  if (!found) throw new Error("lead neither inserted nor found by its idempotency key");
  return found.body_hash === hash ? { status: "replayed", id: String(found.id) } : { status: "key-reused" };
}

const leadById = statement(({ db }, { id }: { id: string }) => db.selectFrom("leads").selectAll().where("id", "=", id));

function* getLead(sql: Sql, id: string): Operation<StoredLead | undefined> {
  const { rows } = yield* leadById(sql, { id });
  return rows[0] && toStoredLead(rows[0] as LeadRow);
}

/** Every lead, or those created from `since` on, oldest first. */
function* listLeads({ db }: Sql, { since }: { since?: Date } = {}): Operation<StoredLead[]> {
  const every = db.selectFrom("leads").selectAll().orderBy("created_at").orderBy("id");
  const { rows } = yield* query(since ? every.where("created_at", ">=", since) : every);
  return rows.map((row) => toStoredLead(row as LeadRow));
}

/** Marks a lead handled by `operator`, once (OPS-3): false when there is no such lead or it was handled already. */
function* markLeadHandled({ db }: Sql, id: string, operator: string, now: Date): Operation<boolean> {
  // PostgreSQL refuses an id that is not a UUID, and no lead has one.
  if (!isUuid(id)) return false;
  const { changes } = yield* query(db.updateTable("leads").set({ handled_at: now, handled_by: operator }).where("id", "=", id).where("handled_at", "is", null));
  return changes > 0;
}

export const LEAD_STATUSES = ["new", "handled", "spam", "all"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export interface LeadPageQuery {
  status: LeadStatus;
  /** Words to find in the name, e-mail address or company, in any case; empty finds every lead. */
  search: string;
  /** Which page, from 1; one past the last shows the last. */
  page: number;
  /** Leads a page; without it, every lead the filter shows (the export). */
  perPage?: number;
}

export interface LeadPage {
  leads: StoredLead[];
  /** Leads the filter and search show in all. */
  total: number;
  /** The page shown: the one asked for, or the last there is. */
  page: number;
}

function* pageLeads({ db, dialect }: Sql, request: LeadPageQuery): Operation<LeadPage> {
  const needle = request.search.trim().toLowerCase();
  // Case is folded the same way on both sides: JavaScript's rules on the words sought, the database's on the columns
  // (SQLite's lower() knows only ASCII, so the worker gives it JavaScript's, fold_case); a plain substring, so no LIKE escapes.
  const folded = (text: RawBuilder<string>) => (dialect === "sqlite" ? raw<string>`fold_case(${text})` : raw<string>`lower(${text})`);
  const contains = (text: RawBuilder<string>) => (dialect === "sqlite" ? raw<boolean>`instr(${folded(text)}, ${needle}) > 0` : raw<boolean>`strpos(${folded(text)}, ${needle}) > 0`);
  const shown = db
    .selectFrom("leads")
    .$if(request.status === "spam", (found) => found.where("spam", "=", true))
    .$if(request.status !== "spam" && request.status !== "all", (found) => found.where("spam", "=", false))
    .$if(request.status === "new", (found) => found.where("handled_at", "is", null))
    .$if(request.status === "handled", (found) => found.where("handled_at", "is not", null))
    .$if(needle !== "", (found) =>
      found.where(() => raw<boolean>`(${contains(raw<string>`first_name || ' ' || last_name`)} OR ${contains(raw<string>`email`)} OR ${contains(raw<string>`company_name`)})`),
    );
  const { rows: counted } = yield* query(shown.select((count) => count.fn.countAll().as("total")));
  const total = Number(counted[0]?.total ?? 0);
  // Newest first; leads of one instant in the order they were stored.
  const newestFirst = shown.selectAll().orderBy("created_at", "desc").orderBy("id", "asc");
  const { perPage } = request;
  const page = perPage === undefined ? 1 : Math.max(1, Math.min(request.page, Math.ceil(total / perPage)));
  const { rows } = yield* query(perPage === undefined ? newestFirst : newestFirst.limit(perPage).offset((page - 1) * perPage));
  return { leads: rows.map((row) => toStoredLead(row as LeadRow)), total, page };
}

export const leadOperations = {
  pageLeads: readOperation(pageLeads),
  saveLead: writeOperation(saveLead, { autocommit: true }),
  getLead: readOperation(getLead),
  listLeads: readOperation(listLeads),
  markLeadHandled: writeOperation(markLeadHandled, { autocommit: true }),
};
