import type { ConsoleAuditEntry } from "./console-store.ts";
import type { OutboxJob, OutboxStats } from "../leads/outbox.ts";
import type { StoredSubscriber, SubscriberStatus } from "../leads/store.ts";
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
export function deliveryPage(signed: Signed, stats: OutboxStats, pending: readonly OutboxJob[], dead: readonly OutboxJob[], notice?: string): string {
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
${table("Jobs waiting to be sent", ["Job", "What", "Attempts", "Written", "Last error"], jobRows(pending, undefined), [2])}`,
  });
}

export function auditPage(signed: Signed, entries: readonly ConsoleAuditEntry[]): string {
  return page({
    title: "Audit log",
    signed,
    current: CONSOLE_PATHS.audit,
    body: html`<h1>Audit log</h1>
<p class="muted">Every sign-in and every action in the console, newest first.</p>
${table(`The last ${entries.length} entries`, ["When", "Operator", "Action", "Subject"], entries.map((entry) => [when(entry.at), entry.operator, entry.action, entry.subject]))}`,
  });
}

export function errorPage(signed: Signed | undefined, title: string, text: string): string {
  return page({ title, ...(signed ? { signed } : {}), body: html`<h1>${title}</h1><p>${text}</p><p><a href="${CONSOLE_PATHS.home}">Back to the console</a></p>` });
}
