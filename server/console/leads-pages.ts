import { LEAD_STATUSES, type LeadPage, type LeadStatus } from "../db/repositories/leads.ts";
import type { ErasureResult, StoredLead } from "../db/store.ts";
import { html, type Html } from "./html.ts";
import { CONSOLE_PATHS, csrfField, page, table, type Signed } from "./layout.ts";

export const LEADS_PER_PAGE = 50;
/** A search is cut to this many characters before it is used. */
export const SEARCH_MAX_LENGTH = 100;

export interface LeadQuery {
  q: string;
  status: LeadStatus;
  page: number;
}

export function when(iso: string | null): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : "";
}

function status(lead: StoredLead): Html {
  if (lead.spam) return html`<span class="badge spam">Spam</span>`;
  return lead.handledAt ? html`<span class="badge handled">Handled</span>` : html`<span class="badge new">New</span>`;
}

function queryString(query: Partial<LeadQuery>): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status && query.status !== "new") params.set("status", query.status);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The leads list (requirement OPS-5): search, status filter, 50 a page, and the export of what the filter shows. */
export function leadsPage(signed: Signed, found: LeadPage, query: LeadQuery, notice?: string): string {
  const pages = Math.max(1, Math.ceil(found.total / LEADS_PER_PAGE));
  const current = found.page;
  const labels: Record<LeadStatus, string> = { new: "New", handled: "Handled", spam: "Spam", all: "All" };
  return page({
    title: "Leads",
    signed,
    current: CONSOLE_PATHS.leads,
    body: html`<h1>Leads</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ""}
<form class="filters" method="get" action="${CONSOLE_PATHS.leads}" role="search">
<div class="field"><label for="q">Search name, e-mail or company</label><input id="q" name="q" type="search" value="${query.q}" maxlength="${SEARCH_MAX_LENGTH}"></div>
<div class="field"><label for="status">Show</label><select id="status" name="status">${LEAD_STATUSES.map(
      (filter) => html`<option value="${filter}"${filter === query.status ? html` selected` : ""}>${labels[filter]}</option>`,
    )}</select></div>
<button type="submit">Search</button>
<a class="button secondary" href="${CONSOLE_PATHS.leadsCsv}${queryString({ q: query.q, status: query.status })}" download>Export CSV</a>
</form>
${table(
  `${found.total} ${found.total === 1 ? "lead" : "leads"}${pages > 1 ? `, page ${current} of ${pages}` : ""}`,
  ["Name", "Company", "E-mail", "Received", "Status"],
  found.leads.map((lead) => [
    html`<a href="${CONSOLE_PATHS.leads}/${lead.id}">${lead.firstName} ${lead.lastName}</a>`,
    lead.companyName,
    lead.email,
    when(lead.createdAt),
    status(lead),
  ]),
)}
${
  pages > 1
    ? html`<nav class="pager" aria-label="Pages of leads">${current > 1 ? html`<a href="${CONSOLE_PATHS.leads}${queryString({ ...query, page: current - 1 })}">Previous page</a>` : ""}${
        current < pages ? html`<a href="${CONSOLE_PATHS.leads}${queryString({ ...query, page: current + 1 })}">Next page</a>` : ""
      }</nav>`
    : ""
}`,
  });
}

/** One lead (requirement OPS-5): every field, and the two things an operator may do to it. */
export function leadPage(signed: Signed, lead: StoredLead, notice?: string): string {
  const fields: [string, string | Html][] = [
    ["Status", status(lead)],
    ["Received", when(lead.createdAt)],
    ["First name", lead.firstName],
    ["Last name", lead.lastName],
    ["E-mail", lead.email],
    ["Company", lead.companyName],
    ["Contact number", lead.contactNumber],
    ["Message", lead.description],
    ["Spam flag", lead.spam ? `yes (${lead.spamReason})` : "no"],
    ["Handled", lead.handledAt ? `${when(lead.handledAt)} by ${lead.handledBy}` : "not yet"],
    ["Lead id", lead.id],
  ];
  const action = `${CONSOLE_PATHS.leads}/${lead.id}`;
  return page({
    title: `Lead from ${lead.firstName} ${lead.lastName}`,
    signed,
    current: CONSOLE_PATHS.leads,
    body: html`<p><a href="${CONSOLE_PATHS.leads}">Back to the leads</a></p>
<h1>Lead from ${lead.firstName} ${lead.lastName}</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ""}
<div class="card"><dl class="fields">${fields.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl></div>
${
  lead.handledAt
    ? ""
    : html`<form method="post" action="${action}/handled">${csrfField(signed)}<div class="actions"><button type="submit">Mark as handled</button></div></form>`
}
<h2>Erase this person's data</h2>
<form class="card" method="post" action="${action}/erase">${csrfField(signed)}
<p>Erases every lead, newsletter sign-up and Trust Center request of this e-mail address, however it is spelt, with their delivery jobs, and tells the connected tools which records to erase. It cannot be undone.</p>
<p><input id="confirm-erase" name="confirm" type="checkbox" value="yes" required> <label for="confirm-erase" class="inline-label">Yes, erase everything we hold for this address</label></p>
<div class="actions"><button class="danger" type="submit">Erase</button></div>
</form>`,
  });
}

export function erasedNotice(result: ErasureResult): string {
  return `Erased ${result.leads} lead(s), ${result.subscribers} newsletter sign-up(s) and ${result.trustRequests} Trust Center request(s), and ${result.jobs} delivery job(s) about them.`;
}
