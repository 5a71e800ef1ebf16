/**
 * Getting leads out of the configured store (DATABASE_URL, else DATA_DIR):
 *
 *   npm run leads -- export --format csv|json [--since 2026-01-31] [--newsletter]
 *   npm run leads -- delete --email person@example.com
 *   npm run leads -- prune
 *
 * `export` writes to standard output, so the data goes only where it is
 * redirected. `delete` is an erasure request: every lead and newsletter
 * sign-up with that address is removed, and the counts are printed. `prune`
 * deletes leads older than LEAD_RETENTION_DAYS (default 365), as the server
 * also does at every start.
 */
import { parseArgs } from "node:util";
import { readServerEnv } from "../env.ts";
import { retentionCutoff } from "./retention.ts";
import { openLeadStore } from "./open-store.ts";
import { leadsCsv, subscribersCsv } from "./csv.ts";

const USAGE = `Usage:
  npm run leads -- export --format csv|json [--since YYYY-MM-DD] [--newsletter]
  npm run leads -- delete --email ADDRESS
  npm run leads -- prune`;

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
  },
});

const [command] = positionals;
const env = readServerEnv(process.env);
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
    const removed = await store.deleteByEmail(values.email.trim());
    console.log(`Erased ${removed.leads} lead(s) and ${removed.subscribers} newsletter sign-up(s) for that address.`);
  } else if (command === "prune") {
    const removed = await store.pruneLeads(retentionCutoff(new Date(), env.leadRetentionDays));
    console.log(`Deleted ${removed} lead(s) older than ${env.leadRetentionDays} days.`);
  } else {
    fail(command ? `Unknown command "${command}"` : "Name a command");
  }
} finally {
  await store.close();
}
