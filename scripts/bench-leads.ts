/**
 * The lead service under load: `npm run bench:leads [-- --seconds 10 --connections 10]`.
 *
 * Starts the production server (server/main.ts, durable commits) on 127.0.0.1
 * and drives it from this process with autocannon: four valid leads in five,
 * each with its own Idempotency-Key, and one malformed body in five. It runs
 * once on SQLite and once on PostgreSQL (TEST_DATABASE_URL, or a throwaway one
 * from scripts/test-postgres.sh when it can start one), then checks that the
 * store holds exactly as many leads as there were 201 answers. Then, on the
 * same server, leads arrive at a fixed 1,000 a second while the home page is
 * read beside them: its latency shows whether lead commits hold up pages, and
 * the lead latency whether intake keeps up. Delivery is on throughout (a sales
 * e-mail and a signed webhook per lead, to a real SMTP server and receiver in a
 * process of their own): after the load, the outbox drains, and its rate is
 * printed with any repeats. Static pages are
 * measured against nginx serving the same build with the generated config.
 * Prints a table; exits 1 when a target is missed. Not part of `npm test`.
 */
import { execFile, spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs, promisify } from "node:util";
import autocannon from "autocannon";
import type { LeadBody } from "../common/lead-fields.ts";
import { openLeadStore } from "../server/leads/open-store.ts";
import { freePort, ROOT as root, startSite, stop, waitFor } from "./lib/bench-server.ts";
import { SMTP_PASSWORD, SMTP_USER } from "../tests/support/delivery-sink-settings.ts";

const TARGETS = {
  leadsPerSecond: 150,
  p99Ms: 50,
  staticShareOfNginx: 0.5,
  /** While leads arrive at this fixed rate, pages must stay fast and intake prompt. */
  steadyLeadsPerSecond: 1000,
  pageP50UnderLeadsMs: 10,
  steadyLeadP99Ms: 50,
} as const;

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "10" } },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const run = promisify(execFile);

const lead: LeadBody = {
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.org",
  companyName: "Load Test Ltd",
  contactNumber: "919876543210",
  description: "A lead sent by the load benchmark.",
  termsAccepted: true,
};

interface LeadRun {
  backend: string;
  created: number;
  rejected: number;
  errors: number;
  leadsPerSecond: number;
  p50: number;
  p99: number;
  stored: number;
  steady: SteadyRun;
  drain: DrainRun;
}

/** The outbox after the load: every job sent to the local receiver and mail server. */
interface DrainRun {
  delivered: number;
  /** Jobs sent per second, from the first lead to the empty outbox. */
  perSecond: number;
  /** Seconds from the end of the load until nothing was pending. */
  tailSeconds: number;
  repeats: number;
  unverified: number;
  pendingLeft: number;
}

const WEBHOOK_SECRET = "the delivery benchmark's webhook secret";

/** The far ends of delivery, in their own process so that they do not share the load generator's CPU. */
async function startDeliverySinks(): Promise<{ env: Record<string, string>; counts: () => Promise<Record<string, number>>; stop: () => Promise<void> }> {
  const [smtpPort, webhookPort, controlPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ["tests/support/delivery-sink-process.ts"], {
    cwd: root,
    env: {
      ...process.env,
      SINK_SMTP_PORT: String(smtpPort),
      SINK_WEBHOOK_PORT: String(webhookPort),
      SINK_CONTROL_PORT: String(controlPort),
      SINK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`http://127.0.0.1:${controlPort}/counts`);
  return {
    env: {
      SMTP_URL: `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASSWORD)}@127.0.0.1:${smtpPort}`,
      MAIL_FROM: "bench@veilvault.example",
      LEAD_NOTIFY_TO: "sales@veilvault.example",
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}/hooks`,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
    },
    counts: async () => (await (await fetch(`http://127.0.0.1:${controlPort}/counts`)).json()) as Record<string, number>,
    stop: () => stop(child),
  };
}

async function pendingJobs(origin: string): Promise<number> {
  const health = (await (await fetch(`${origin}/healthz`)).json()) as { outbox?: { pending: number } };
  return health.outbox?.pending ?? 0;
}

/** Leads at a fixed rate with the home page read beside them: does a burst of one kind slow the other? */
interface SteadyRun {
  leadsPerSecond: number;
  leadP50: number;
  leadP99: number;
  pageP50: number;
  pageP99: number;
  created: number;
  errors: number;
}

let sequence = 0;
const STEADY_CONNECTIONS = 50;

/** Lead posts, each with its own Idempotency-Key; one in five malformed when `withInvalid`. */
function leadRequests(withInvalid: boolean): autocannon.Request[] {
  return [
    {
      method: "POST",
      setupRequest: (request) => {
        sequence += 1;
        const valid = !withInvalid || sequence % 5 !== 0;
        return {
          ...request,
          headers: {
            "content-type": "application/json",
            "idempotency-key": `bench-${process.pid}-${sequence}`,
            "x-form-fill-ms": "5000",
          },
          body: JSON.stringify(valid ? { ...lead, email: `bench-${sequence}@example.org` } : { ...lead, firstName: "", extra: 1 }),
        };
      },
    },
  ];
}

async function steadyLeads(origin: string): Promise<SteadyRun> {
  const [leads, page] = await Promise.all([
    // Enough connections that the rate holds even if answers slow down.
    autocannon({
      url: `${origin}/id/website/leads`,
      connections: STEADY_CONNECTIONS,
      overallRate: TARGETS.steadyLeadsPerSecond,
      duration: seconds,
      requests: leadRequests(false),
    }),
    // Readers at a modest fixed rate, so their latency includes any queueing behind leads.
    autocannon({ url: `${origin}/`, connections: 4, overallRate: 100, duration: seconds }),
  ]);
  const created = leads.statusCodeStats?.["201"]?.count ?? 0;
  return {
    leadsPerSecond: Math.round(created / seconds),
    leadP50: leads.latency.p50,
    leadP99: leads.latency.p99,
    pageP50: page.latency.p50,
    pageP99: page.latency.p99,
    created,
    errors: leads.errors + leads.timeouts + leads.non2xx + page.errors + page.timeouts + page.non2xx,
  };
}

async function benchLeads(backend: string, env: Record<string, string>, databaseUrl?: string, dataDir?: string): Promise<LeadRun> {
  const sinks = await startDeliverySinks();
  const { origin, child } = await startSite({ ...env, ...sinks.env });
  const started = performance.now();
  const result = await autocannon({ url: `${origin}/id/website/leads`, connections, duration: seconds, requests: leadRequests(true) });
  const steady = await steadyLeads(origin);
  const loadEnded = performance.now();
  // Drained: nothing pending, or two minutes gone (then what is left is reported).
  let pendingLeft = await pendingJobs(origin);
  while (pendingLeft > 0 && performance.now() - loadEnded < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    pendingLeft = await pendingJobs(origin);
  }
  const drained = performance.now();
  const counts = await sinks.counts();
  await stop(child);
  await sinks.stop();
  const delivered = (counts.messages ?? 0) + (counts.webhooks ?? 0);
  const drain: DrainRun = {
    delivered,
    perSecond: Math.round(delivered / ((drained - started) / 1000)),
    tailSeconds: Math.round((drained - loadEnded) / 100) / 10,
    repeats: counts.repeats ?? 0,
    unverified: counts.unverified ?? 0,
    pendingLeft,
  };
  const store = await openLeadStore({ dataDir: dataDir ?? "", databaseUrl });
  const stored = (await store.listLeads()).length;
  await store.close();
  const created = result.statusCodeStats?.["201"]?.count ?? 0;
  return {
    backend,
    created: created + steady.created,
    rejected: result.statusCodeStats?.["400"]?.count ?? 0,
    errors: result.errors + result.timeouts + result.non2xx - (result.statusCodeStats?.["400"]?.count ?? 0) + steady.errors,
    leadsPerSecond: Math.round(created / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    stored,
    steady,
    drain,
  };
}

async function staticRate(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration: Math.max(5, Math.round(seconds / 2)) });
  return Math.round(result.requests.average);
}

async function startNginx(): Promise<{ origin: string; stop: () => Promise<void> } | undefined> {
  const nginx = await run("sh", ["-c", "command -v nginx"]).then(({ stdout }) => stdout.trim()).catch(() => "");
  if (!nginx) return undefined;
  const dir = await mkdtemp(join(tmpdir(), "veilvault-bench-nginx-"));
  const port = await freePort();
  const snippet = await readFile(join(root, "build/deploy/nginx.conf"), "utf8");
  await writeFile(
    join(dir, "nginx.conf"),
    `worker_processes auto; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; access_log off;
  client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${join(root, "build/client")};
${snippet}
  }
}
`,
  );
  const child = spawn(nginx, ["-c", join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/`);
  return {
    origin,
    stop: async () => {
      await stop(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const runs: LeadRun[] = [];
const sqliteDir = await mkdtemp(join(tmpdir(), "veilvault-bench-sqlite-"));
runs.push(await benchLeads("SQLite", { DATA_DIR: sqliteDir }, undefined, sqliteDir));
await rm(sqliteDir, { recursive: true, force: true });

let postgresUrl = process.env.TEST_DATABASE_URL;
let startedPostgres = false;
if (!postgresUrl) {
  const started = await run(join(root, "scripts/test-postgres.sh"), ["start"]).catch(() => undefined);
  postgresUrl = started ? /TEST_DATABASE_URL=(\S+)/.exec(started.stdout)?.[1] : undefined;
  startedPostgres = Boolean(postgresUrl);
}
if (postgresUrl) {
  const { default: pg } = await import("pg");
  const admin = new pg.Client(postgresUrl);
  await admin.connect();
  await admin.query("DROP TABLE IF EXISTS leads, subscribers, outbox, schema_migrations");
  await admin.end();
  runs.push(await benchLeads("PostgreSQL", { DATABASE_URL: postgresUrl }, postgresUrl));
  if (startedPostgres) await run(join(root, "scripts/test-postgres.sh"), ["stop"]);
} else {
  console.log("PostgreSQL: not measured (set TEST_DATABASE_URL, or run as root so scripts/test-postgres.sh can start one)");
}

const site = await startSite({ DATA_DIR: await mkdtemp(join(tmpdir(), "veilvault-bench-static-")) });
const ours = await staticRate(`${site.origin}/`);
await stop(site.child);
const nginx = await startNginx();
const theirs = nginx ? await staticRate(`${nginx.origin}/`) : undefined;
await nginx?.stop();

console.log(`\nLead service, ${seconds} s, ${connections} connections, 4 valid leads in 5 (durable commits)\n`);
console.log("| store | leads/s (201) | p50 | p99 | 201 | 400 | errors | stored | in flight at the end |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of runs) {
  console.log(
    `| ${r.backend} | ${r.leadsPerSecond} | ${r.p50} ms | ${r.p99} ms | ${r.created} | ${r.rejected} | ${r.errors} | ${r.stored} | ${r.stored - r.created} |`,
  );
}
console.log(`\nThen leads at a fixed ${TARGETS.steadyLeadsPerSecond}/s for ${seconds} s, with / read 100 times a second beside them\n`);
console.log("| store | leads/s (201) | lead p50 | lead p99 | page / p50 while leads arrive | page / p99 while leads arrive |");
console.log("|---|---|---|---|---|---|");
for (const { backend, steady } of runs) {
  console.log(`| ${backend} | ${steady.leadsPerSecond} | ${steady.leadP50} ms | ${steady.leadP99} ms | ${steady.pageP50} ms | ${steady.pageP99} ms |`);
}
console.log("\nDelivery during and after the load: a sales e-mail and a signed webhook per lead, to a local mail server and receiver\n");
console.log("| store | jobs delivered | jobs/s (first lead to empty outbox) | drained after the load | repeats | bad signatures | left pending |");
console.log("|---|---|---|---|---|---|---|");
for (const { backend, drain } of runs) {
  console.log(`| ${backend} | ${drain.delivered} | ${drain.perSecond} | ${drain.tailSeconds} s | ${drain.repeats} | ${drain.unverified} | ${drain.pendingLeft} |`);
}
console.log(`\nStatic page /: our server ${ours} req/s${theirs ? `, nginx ${theirs} req/s (${Math.round((ours / theirs) * 100)}%)` : ", nginx not installed"}`);

const missed: string[] = [];
for (const r of runs) {
  // Every 201 must be stored. A few more may be: requests still in flight when the
  // time ran out were committed, but autocannon closed the connection before counting
  // their answer (at most one per connection, in each of the two runs).
  const inFlight = connections + STEADY_CONNECTIONS;
  if (r.stored < r.created || r.stored > r.created + inFlight) {
    missed.push(`${r.backend}: ${r.stored} stored for ${r.created} answered 201 (${inFlight} may be in flight at the end)`);
  }
  if (r.errors > 0) missed.push(`${r.backend}: ${r.errors} errors`);
  const { steady } = r;
  if (steady.leadsPerSecond < TARGETS.steadyLeadsPerSecond * 0.95) missed.push(`${r.backend}: ${steady.leadsPerSecond} of ${TARGETS.steadyLeadsPerSecond} leads/s taken`);
  if (steady.pageP50 > TARGETS.pageP50UnderLeadsMs) missed.push(`${r.backend}: page p50 ${steady.pageP50} ms > ${TARGETS.pageP50UnderLeadsMs} ms while leads arrive`);
  if (r.drain.pendingLeft > 0) missed.push(`${r.backend}: ${r.drain.pendingLeft} jobs still pending two minutes after the load`);
  if (r.drain.unverified > 0) missed.push(`${r.backend}: ${r.drain.unverified} webhooks failed their signature check`);
  // Every stored lead has two jobs; a repeat (at least once) is counted apart.
  if (r.drain.delivered - r.drain.repeats !== r.stored * 2) missed.push(`${r.backend}: ${r.drain.delivered} jobs delivered for ${r.stored} leads (two each)`);
  if (steady.leadP99 > TARGETS.steadyLeadP99Ms) missed.push(`${r.backend}: lead p99 ${steady.leadP99} ms > ${TARGETS.steadyLeadP99Ms} ms at ${TARGETS.steadyLeadsPerSecond}/s`);
}
const [sqlite] = runs;
if (sqlite && sqlite.leadsPerSecond < TARGETS.leadsPerSecond) missed.push(`SQLite: ${sqlite.leadsPerSecond} leads/s < ${TARGETS.leadsPerSecond}`);
if (sqlite && sqlite.p99 >= TARGETS.p99Ms) missed.push(`SQLite: p99 ${sqlite.p99} ms >= ${TARGETS.p99Ms} ms`);
if (theirs && ours < theirs * TARGETS.staticShareOfNginx) missed.push(`static: ${ours} req/s < half of nginx's ${theirs}`);
if (missed.length) {
  console.log(`\nTargets missed:\n${missed.map((line) => `  ${line}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
