/**
 * Leads as CSV (RFC 4180) for spreadsheets. Cells that a spreadsheet would run
 * as a formula (starting with =, +, -, @, tab or carriage return) get a leading
 * apostrophe, so an exported message can never execute in the reader's tool.
 * The start is judged as a spreadsheet might read it: compatibility forms
 * folded (a fullwidth ＝ is =) and invisible characters before it skipped.
 */
import { LEAD_FIELDS } from "../../common/lead-fields.ts";
import type { StoredLead, StoredSubscriber, StoredTrustRequest } from "./store.ts";

export const LEAD_CSV_COLUMNS: readonly (keyof StoredLead)[] = ["id", "createdAt", ...LEAD_FIELDS, "spam", "spamReason"];

const FORMULA_START = /^[=+\-@\t\r]/;
const INVISIBLE_START = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/u;
/** Controls no spreadsheet cell should hold (tab and line breaks are kept; quoting handles them). */
const STRAY_CONTROLS = /(?![\t\n\r])\p{Cc}/gu;

export function csvCell(value: string | boolean | null): string {
  let text = String(value ?? "").replace(STRAY_CONTROLS, "\uFFFD");
  const asRead = text.normalize("NFKC").replace(INVISIBLE_START, "");
  if (FORMULA_START.test(text) || FORMULA_START.test(asRead)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv<Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): string {
  const lines = [columns.join(","), ...rows.map((row) => columns.map((column) => csvCell(row[column] as string | boolean | null)).join(","))];
  return `${lines.join("\r\n")}\r\n`;
}

export function leadsCsv(leads: readonly StoredLead[]): string {
  return toCsv(LEAD_CSV_COLUMNS, leads);
}

/** The consent history in one cell, oldest first: `signed-up 2026-…Z privacy-policy-…; confirmed 2026-…Z`. */
export function historyCell(subscriber: StoredSubscriber): string {
  return subscriber.history.map((event) => [event.kind, event.at, event.consentVersion].filter(Boolean).join(" ")).join("; ");
}

export function subscribersCsv(subscribers: readonly StoredSubscriber[]): string {
  // The consent record whole: when the address signed up, confirmed and left, under which policy, every time.
  const rows = subscribers.map((subscriber) => ({ ...subscriber, history: historyCell(subscriber) }));
  return toCsv(["id", "email", "status", "consentVersion", "createdAt", "signedUpAt", "confirmedAt", "unsubscribedAt", "history"], rows);
}

/** Trust Center requests with their decision and every download in one cell: `nda-security-overview 2026-…Z; …`. */
export function trustRequestsCsv(requests: readonly StoredTrustRequest[]): string {
  const rows = requests.map((request) => ({
    ...request,
    documents: request.documents.join(" "),
    downloads: request.downloads.map((download) => `${download.document} ${download.at}`).join("; "),
  }));
  return toCsv(
    ["id", "createdAt", "name", "email", "company", "role", "documents", "reason", "ndaVersion", "ndaHash", "status", "decidedAt", "decidedBy", "downloads"],
    rows,
  );
}
