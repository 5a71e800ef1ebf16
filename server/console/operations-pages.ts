import type { AuditPage } from "../db/console-store.ts";
import type { OutboxJob, OutboxStats } from "../db/outbox-records.ts";
import type { DayCapHits, StoredSubscriber, SubscriberStatus } from "../db/store.ts";
import { CAP_HIT_LABELS } from "../limits/cap-hits.ts";
import { AUDIT_ACTIONS } from "./audit-actions.ts";
import { html } from "./html.ts";
import { CONSOLE_PATHS, csrfField, page, table, type Signed } from "./layout.ts";
import { when } from "./leads-pages.ts";

/** Newsletter sign-ups by state, and their export (requirement OPS-6). */
export function newsletterPage(signed: Signed, subscribers: readonly StoredSubscriber[]): string {
  const states: [SubscriberStatus, string][] = [
    ["confirmed", "Confirmed"],
    ["pending", "Waiting for confirmation"],
    ["unsubscribed", "Unsubscribed"],
  ];
  const count = (state: SubscriberStatus) => subscribers.filter((subscriber) => subscriber.status === state).length;
  return page({
    title: "Newsletter",
    signed,
    current: CONSOLE_PATHS.newsletter,
    body: html`<h1>Newsletter</h1>
<dl class="figures">${states.map(([state, label]) => html`<div><dt>${label}</dt><dd>${count(state)}</dd></div>`)}</dl>
<div class="actions"><a class="button" href="${CONSOLE_PATHS.newsletterCsv}" download>Export CSV</a></div>
<p class="muted">The export holds every sign-up with its consent history. Confirmed addresses are the ones the newsletter may go to.</p>`,
  });
}

function jobRows(jobs: readonly OutboxJob[], signed: Signed | undefined) {
  return jobs.map((job) => [
    job.id,
    `${job.channel}, ${job.event}`,
    job.attempts,
    when(job.createdAt),
    job.lastError || "",
    ...(signed
      ? [
          html`<form class="inline" method="post" action="${CONSOLE_PATHS.delivery}/${job.id}/retry">${csrfField(signed)}<button class="secondary" type="submit">Retry<span class="visually-hidden"> ${job.id}</span></button></form>`,
        ]
      : []),
  ]);
}

/** The outbox (requirement OPS-7): its depth, pending and dead jobs, and retry. */
export function deliveryPage(
  signed: Signed,
  stats: OutboxStats,
  pending: readonly OutboxJob[],
  dead: readonly OutboxJob[],
  capHits: readonly DayCapHits[],
  notice?: string,
): string {
  const age = stats.oldestPendingSeconds;
  return page({
    title: "Delivery",
    signed,
    current: CONSOLE_PATHS.delivery,
    body: html`<h1>Delivery</h1>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ""}
<dl class="figures">
<div><dt>Pending</dt><dd>${stats.pending}</dd></div>
<div><dt>Dead</dt><dd>${stats.dead}</dd></div>
<div><dt>Oldest pending</dt><dd>${age >= 3600 ? `${Math.floor(age / 3600)} h` : age >= 60 ? `${Math.floor(age / 60)} min` : `${age} s`}</dd></div>
</dl>
<h2>Dead jobs</h2>
${dead.length > 0 ? html`<form method="post" action="${CONSOLE_PATHS.delivery}/retry-dead">${csrfField(signed)}<div class="actions"><button type="submit">Retry every dead job</button></div></form>` : ""}
${table("Jobs that stopped after their last attempt", ["Job", "What", "Attempts", "Written", "Last error", "Retry"], jobRows(dead, signed), [2])}
<h2>Pending jobs</h2>
${table("Jobs waiting to be sent", ["Job", "What", "Attempts", "Written", "Last error"], jobRows(pending, undefined), [2])}
<h2>Limits reached</h2>
<p class="muted">What the limits did in the last 30 days (UTC). A paced e-mail or a digest still reaches its person; a refusal tells the sender to try again later.</p>
${table(
  "Limits reached a day",
  ["Day", "What", "Times"],
  capHits.map((hit) => [hit.day, CAP_HIT_LABELS[hit.kind], hit.count]),
  [2],
  "No limit was reached.",
)}`,
  });
}

/** The audit log (OPS-3): a page of entries, newest first, of one operator or action if chosen, and the way to older ones. */
export function auditPage(
  signed: Signed,
  found: AuditPage,
  filter: { operator?: string | undefined; action?: string | undefined; before?: number | undefined },
  operators: readonly string[],
): string {
  const choice = (value: string, chosen: string | undefined, label = value) => html`<option value="${value}"${value === chosen ? html` selected` : ""}>${label}</option>`;
  const last = found.entries.at(-1);
  const older = new URLSearchParams({ ...(filter.operator ? { operator: filter.operator } : {}), ...(filter.action ? { action: filter.action } : {}), before: String(last?.seq ?? 0) });
  return page({
    title: "Audit log",
    signed,
    current: CONSOLE_PATHS.audit,
    body: html`<h1>Audit log</h1>
<p class="muted">Every sign-in, link request, refused form, limit reached and action in the console, newest first. Entries are never changed, and are deleted after 400 days.</p>
<form class="filters" method="get" action="${CONSOLE_PATHS.audit}" role="search">
<div class="field"><label for="operator">Operator</label><select id="operator" name="operator">${choice("", filter.operator, "Anyone")}${operators.map((operator) => choice(operator, filter.operator))}</select></div>
<div class="field"><label for="action">Action</label><select id="action" name="action">${choice("", filter.action, "Any")}${AUDIT_ACTIONS.map((action) => choice(action, filter.action))}</select></div>
<button type="submit">Show</button>
</form>
${table(
  filter.before ? `${found.entries.length} older entries` : `The newest ${found.entries.length} entries`,
  ["When", "Operator", "Action", "Subject"],
  found.entries.map((entry) => [when(entry.at), entry.operator, entry.action, entry.subject]),
)}
${found.more ? html`<nav class="pager" aria-label="Pages of the audit log"><a href="${CONSOLE_PATHS.audit}?${older.toString()}">Older entries</a></nav>` : ""}`,
  });
}

export function errorPage(signed: Signed | undefined, title: string, text: string): string {
  return page({ title, ...(signed ? { signed } : {}), body: html`<h1>${title}</h1><p>${text}</p><p><a href="${CONSOLE_PATHS.home}">Back to the console</a></p>` });
}
