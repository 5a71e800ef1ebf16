/**
 * The Trust Center's requests, for the security team (DATABASE_URL, else DATA_DIR):
 *
 *   npm run trust -- requests [--format text|csv|json] [--since 2026-01-31]
 *   npm run trust -- approve REQUEST_ID
 *   npm run trust -- deny REQUEST_ID
 *   npm run trust -- revoke REQUEST_ID
 *
 * `requests` lists them with their status and downloads (csv and json are
 * exports, to standard output only). `approve` and `deny` decide a pending
 * request as an approver's e-mailed link would: the requester is e-mailed
 * their download links or the refusal, through the outbox the running server
 * delivers. `revoke` withdraws an approved request's unused download links.
 * Erasure is `npm run leads -- delete --email ADDRESS`, which covers requests.
 */
import { parseArgs } from "node:util";
import { readServerEnv } from "../env.ts";
import { openLeadStore } from "../db/open-store.ts";
import { loadLinkKey } from "../lib/link-tokens.ts";
import { trustRequestsCsv } from "../db/csv.ts";
import type { StoredTrustRequest } from "../db/store.ts";
import { decideTrustRequest } from "../trust/routes.ts";

const USAGE = `Usage:
  npm run trust -- requests [--format text|csv|json] [--since YYYY-MM-DD]
  npm run trust -- approve REQUEST_ID
  npm run trust -- deny REQUEST_ID
  npm run trust -- revoke REQUEST_ID`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { format: { type: "string" }, since: { type: "string" } },
});
const [command, id] = positionals;

function line(request: StoredTrustRequest): string {
  const downloads = request.downloads.length === 0 ? "no downloads" : `${request.downloads.length} download(s), last ${request.downloads.at(-1)?.at ?? ""}`;
  return [request.id, request.createdAt, request.status, request.company, request.email, request.documents.join(","), downloads].join("  ");
}

const env = readServerEnv(process.env);
const store = await openLeadStore(env);
try {
  if (command === "requests") {
    const format = values.format ?? "text";
    if (format !== "text" && format !== "csv" && format !== "json") fail(`--format must be text, csv or json, got "${format}"`);
    const since = values.since ? new Date(values.since) : undefined;
    if (since && Number.isNaN(since.getTime())) fail(`--since must be a date such as 2026-01-31, got "${values.since}"`);
    const requests = await store.listTrustRequests(since ? { since } : {});
    if (format === "json") process.stdout.write(`${JSON.stringify(requests, null, 2)}\n`);
    else if (format === "csv") process.stdout.write(trustRequestsCsv(requests));
    else {
      console.log(`${requests.length} request(s); ${requests.filter((request) => request.status === "pending").length} pending.`);
      for (const request of requests) console.log(line(request));
    }
  } else if (command === "approve" || command === "deny") {
    if (!id) fail(`${command} needs a request id`);
    const linkKey = loadLinkKey(env, env.outboxRouting.channels.includes("confirmation-email"));
    const options = { store, routing: env.outboxRouting, linkKey, now: () => new Date(), jobsWritten: () => undefined };
    const decided = await decideTrustRequest(options, { id }, command === "approve" ? "approved" : "denied", "command line");
    if (!decided) fail(`No pending request has the id "${id}"`);
    const mailed = env.outboxRouting.channels.includes("confirmation-email") ? " The requester is e-mailed within seconds by the running server." : " SMTP_URL is unset: no e-mail goes to the requester.";
    console.log(`${command === "approve" ? "Approved" : "Denied"} request ${decided}.${mailed}`);
  } else if (command === "revoke") {
    if (!id) fail("revoke needs a request id");
    if (!(await store.revokeTrustAccess(id, new Date()))) fail(`No approved request has the id "${id}"`);
    console.log(`Revoked request ${id}: its unused download links no longer work.`);
  } else {
    fail(command ? `Unknown command "${command}"` : "Name a command");
  }
} finally {
  await store.close();
}
