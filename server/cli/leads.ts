/**
 * Getting leads out of the configured store (DATABASE_URL, else DATA_DIR):
 *
 *   npm run leads -- export --format csv|json [--since 2026-01-31] [--newsletter]
 *   npm run leads -- delete --email person@example.com
 *   npm run leads -- prune
 *   npm run leads -- outbox [--dead | --json]
 *   npm run leads -- retry JOB_ID | --all-dead
 *   npm run leads -- backup --out FILE
 *
 * `export` writes to standard output, so the data goes only where it is
 * redirected. `delete` is an erasure request: every lead and newsletter
 * sign-up of that mailbox, however spelt, is removed with its history and
 * jobs, the file is rewritten without them, the webhook (when configured) is
 * told the erased ids, and the counts are printed. `prune` applies retention
 * as the server also does at every start and every hour. `outbox` lists the
 * jobs waiting to be delivered (or, with --dead, those that gave up) by id,
 * channel and error, never whose they are; with --json it prints only the
 * counts, for a monitoring agent; `retry` makes a dead job (or every dead
 * job) due again with a fresh count of attempts. `backup` writes a checked
 * copy of the SQLite database while the server runs (server/cli/backup.ts).
 */
import { parseArgs } from "node:util";
import { readServerEnv } from "../env.ts";
import { retentionCutoffs } from "../db/retention.ts";
import { openLeadStore } from "../db/open-store.ts";
import { leadsCsv, subscribersCsv } from "../db/csv.ts";
import type { OutboxJob } from "../db/outbox-records.ts";
import { erasureJobs } from "../outbox/jobs.ts";
import { backupCommand } from "./backup.ts";

const USAGE = `Usage:
  npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--newsletter]
  npm run leads -- delete --email ADDRESS
  npm run leads -- prune
  npm run leads -- outbox [--dead | --json]
  npm run leads -- retry JOB_ID | --all-dead
  npm run leads -- backup --out FILE`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: "string" },
    since: { type: "string" },
    email: { type: "string" },
    newsletter: { type: "boolean", default: false },
    dead: { type: "boolean", default: false },
    json: { type: "boolean", default: false },
    "all-dead": { type: "boolean", default: false },
    out: { type: "string" },
  },
});

const [command, argument] = positionals;

function jobLine(job: OutboxJob): string {
  return [job.id, job.channel, job.event, job.status, `attempts=${job.attempts}`, `created=${job.createdAt}`, `next=${job.nextAttemptAt}`, job.lastError]
    .filter(Boolean)
    .join("  ");
}
const env = readServerEnv(process.env);
// Before the store opens: a backup reads the file as it is, and migrates nothing.
if (command === "backup") {
  if (!values.out) fail("backup needs --out FILE, a file that does not exist yet");
  process.exit(await backupCommand(env, values.out));
}
const store = await openLeadStore(env);
try {
  if (command === "export") {
    const format = values.format ?? "csv";
    if (format !== "csv" && format !== "json") fail(`--format must be csv or json, got "${format}"`);
    let since: Date | undefined;
    if (values.since) {
      since = new Date(values.since);
      if (Number.isNaN(since.getTime())) fail(`--since must be a date such as 2026-01-31, got "${values.since}"`);
    }
    if (values.newsletter) {
      const subscribers = await store.listSubscribers({ since });
      process.stdout.write(format === "json" ? `${JSON.stringify(subscribers, null, 2)}\n` : subscribersCsv(subscribers));
    } else {
      const leads = await store.listLeads({ since });
      process.stdout.write(format === "json" ? `${JSON.stringify(leads, null, 2)}\n` : leadsCsv(leads));
    }
  } else if (command === "delete") {
    if (!values.email?.includes("@")) fail("--email needs the address to erase");
    const removed = await store.eraseMailbox(values.email.trim(), erasureJobs(env.outboxRouting), new Date());
    const told = removed.leads + removed.subscribers + removed.trustRequests > 0 && env.delivery.webhook ? " The webhook is told the erased ids." : "";
    console.log(
      `Erased ${removed.leads} lead(s), ${removed.subscribers} newsletter sign-up(s) and ${removed.trustRequests} Trust Center request(s) for that mailbox, and ${removed.jobs} delivery job(s) about them.${told}`,
    );
  } else if (command === "prune") {
    const removed = await store.sweepRetention(retentionCutoffs(new Date(), env.retentionPolicy));
    console.log(
      `Deleted ${removed.leads} lead(s) older than ${env.leadRetentionDays} days, ${removed.spamLeads} spam-flagged lead(s) older than ${env.spamRetentionDays} days, ` +
        `${removed.unconfirmed} newsletter sign-up(s) never confirmed, ${removed.trustRequests} Trust Center request(s) older than ${env.trustRetentionDays} days, ` +
        `and ${removed.jobs} delivered job(s) older than 7 days.`,
    );
  } else if (command === "outbox") {
    const stats = await store.outboxStats(new Date());
    if (values.json) {
      console.log(JSON.stringify(stats));
    } else {
      console.log(`${stats.pending} pending (oldest ${stats.oldestPendingSeconds} s), ${stats.dead} dead.`);
      for (const job of await store.listJobs({ dead: values.dead })) console.log(jobLine(job));
    }
  } else if (command === "retry") {
    if (!argument && !values["all-dead"]) fail("retry needs a job id or --all-dead");
    const revived = await store.retryJobs(values["all-dead"] ? "all-dead" : { id: argument ?? "" }, new Date());
    console.log(`${revived} job(s) due again; the server sends them within seconds.`);
  } else {
    fail(command ? `Unknown command "${command}"` : "Name a command");
  }
} finally {
  await store.close();
}
