/**
 * Leads as the console reads them (requirement OPS-5): a page of the leads a
 * filter and a search show, newest first, and how many there are, counted and
 * cut by the database, not in memory.
 */
import { sql as raw, type RawBuilder } from "kysely";
import { query, type Operation, type Sql } from "../query.ts";
import { toStoredLead, type LeadRow, type StoredLead } from "../store.ts";
import { readOperation } from "./operation.ts";

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
};
