/**
 * The lead service under load: `npm run bench:leads [-- --seconds 10 --connections 10 --only slow-relay]`.
 *
 * Starts the production server (server/main.ts, durable commits) on 127.0.0.1
 * and drives it from this process with autocannon: four valid leads in five,
 * each with its own Idempotency-Key, and one malformed body in five. It runs
 * once on SQLite and once on PostgreSQL (TEST_DATABASE_URL, or a throwaway one
 * from scripts/tools/test-postgres.sh when it can start one), then checks that the
 * store holds exactly as many leads as there were 201 answers. Then, on the
 * same server, leads arrive at a fixed 1,000 a second while the home page is
 * read beside them: its latency shows whether lead commits hold up pages, and
 * the lead latency whether intake keeps up. Delivery is on throughout (a sales
 * e-mail and a signed webhook per lead, to a real SMTP server and receiver in a
 * process of their own): after the load, the outbox drains (its pending jobs
 * read from the store, as `npm run leads -- outbox --json` reads them), and
 * its rate is printed with any repeats. Then, on each store, requirement
 * LEAD-28: a mail relay taking 300 ms to accept each message behind a 10 s
 * lead flood, with newsletter sign-ups during and after it: the outbox's drain
 * rate, and each confirmation's delay (`--only slow-relay` runs this section
 * alone, in about a minute). Static pages are measured against nginx serving
 * the same build with the generated config.
 * Prints a table; exits 1 when a target is missed. Not part of `npm test`.
 */
import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs, promisify } from "node:util";
import autocannon from "autocannon";
import type { LeadBody } from "../../common/lead-fields.ts";
import { openLeadStore } from "../../server/db/open-store.ts";
import type { LeadStore } from "../../server/db/lead-store.ts";
import { freePort, ROOT as root, startSite, stop, waitFor, type BenchSite } from "./lib/bench-server.ts";
import { SMTP_PASSWORD, SMTP_USER } from "../../tests/support/delivery-sink-settings.ts";
import { startMailSink } from "../../tests/support/delivery-sinks.ts";
import { LEAD_STORE_TABLES } from "../../tests/support/postgres-database.ts";

const TARGETS = {
  leadsPerSecond: 150,
  p99Ms: 50,
  staticShareOfNginx: 0.5,
  /** While leads arrive at this fixed rate, pages must stay fast and intake prompt. */
  steadyLeadsPerSecond: 1000,
  pageP50UnderLeadsMs: 10,
  steadyLeadP99Ms: 50,
  /** A newsletter confirmation queued behind a lead flood, through a slow relay (requirement LEAD-28). */
  confirmationP99Ms: 5000,
  /** What counting a page view may add to the page's p50 (requirement ANA-10). */
  countingP50Ms: 1,
} as const;

/** A browser's user agent for page reads: without one a request counts as a bot's and is not counted (ANA-3). */
const BROWSER = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" };

/** Requirement ANA-10: the home page read with counting on and off, in alternating rounds so both see the same machine. */
const COUNTING = { rounds: 6, roundSeconds: 4, perSecond: 300 } as const;

/**
 * Requirement LEAD-28, floods must not starve delivery: a mail relay that
 * takes 300 ms to accept each message, a lead flood that outruns it, and
 * newsletter sign-ups during and just after the flood, each to its own domain
 * (the hourly cap per domain is 30).
 */
const SLOW_RELAY = {
  relayDelayMs: 300,
  floodSeconds: 10,
  floodLeadsPerSecond: 50,
  signUps: 20,
  /** The sign-ups are spread evenly over this long from the flood's start, so the last few come after it. */
  signUpSpreadMs: 12_000,
  /** A confirmation not at the relay this long after the last sign-up is counted missing. */
  patienceMs: 30_000,
} as const;

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    against: { type: "string" },
    rounds: { type: "string", default: "2" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
if (values.only !== undefined && values.only !== "slow-relay" && values.only !== "counting" && values.only !== "leads") {
  console.error(
    `--only takes slow-relay (the LEAD-28 section alone), counting (the ANA-10 section alone) or leads (intake, pages beside it and delivery alone), got "${values.only}"`,
  );
  process.exit(2);
}
const run = promisify(execFile);
/**
 * `--against <checkout>`: the lead section alone, on this checkout and on
 * another one with its own build (an earlier commit, in a git worktree), in
 * alternating rounds (ABBA) so both see the same machine; `--rounds` per store.
 */
const against = values.against === undefined ? undefined : resolve(values.against);
if (against && !existsSync(join(against, "build", "private"))) {
  console.error(`--against ${against}: no build there; run npm run build in that checkout first`);
  process.exit(2);
}
const revision = async (checkout: string) => (await run("git", ["-C", checkout, "rev-parse", "--short", "HEAD"])).stdout.trim();
const checkouts = against ? [{ root, label: await revision(root) }, { root: against, label: await revision(against) }] : [{ root, label: "" }];
/** `--only slow-relay`: the slow relay section alone, on each store; `--only counting`: counting's cost alone; `--only leads`: the lead section alone. */
const onlySlowRelay = values.only === "slow-relay";
const onlyCounting = values.only === "counting";
const onlyLeads = values.only === "leads" || against !== undefined;

const lead: LeadBody = {
  firstName: "Bench",
  lastName: "Mark",
  email: "bench@example.org",
  companyName: "Load Test Ltd",
  contactNumber: "919876543210",
  description: "A lead sent by the load benchmark.",
  termsAccepted: true,
};

const storeLabel = (r: LeadRun) => (r.checkout ? `${r.backend} (${r.checkout})` : r.backend);

interface LeadRun {
  backend: string;
  /** The checkout measured, with --against. */
  checkout: string;
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

/** Jobs not yet delivered, read from the store as `npm run leads -- outbox --json` does (/healthz does not report them). */
async function pendingJobs(store: LeadStore): Promise<number> {
  return (await store.outboxStats(new Date())).pending;
}

/** Leads at a fixed rate with the home page read beside them: does a burst of one kind slow the other? */
interface SteadyRun {
  /** Pages answered 200 beside the leads. */
  pagesAnswered: number;
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
    autocannon({ url: `${origin}/`, connections: 4, overallRate: 100, duration: seconds, headers: BROWSER }),
  ]);
  const created = leads.statusCodeStats?.["201"]?.count ?? 0;
  return {
    pagesAnswered: page.statusCodeStats?.["200"]?.count ?? 0,
    leadsPerSecond: Math.round(created / seconds),
    leadP50: leads.latency.p50,
    leadP99: leads.latency.p99,
    pageP50: page.latency.p50,
    pageP99: page.latency.p99,
    created,
    errors: leads.errors + leads.timeouts + leads.non2xx + page.errors + page.timeouts + page.non2xx,
  };
}

async function benchLeads(
  backend: string,
  checkout: { root: string; label: string },
  env: Record<string, string>,
  databaseUrl?: string,
  dataDir?: string,
): Promise<LeadRun> {
  const sinks = await startDeliverySinks();
  const { origin, child } = await startSite({ ...env, ...sinks.env, MAX_CONNECTIONS_PER_ADDRESS: "0" }, checkout.root);
  const started = performance.now();
  const result = await autocannon({ url: `${origin}/id/website/leads`, connections, duration: seconds, requests: leadRequests(true) });
  const steady = await steadyLeads(origin);
  const loadEnded = performance.now();
  // The store as an operator's `npm run leads -- outbox` opens it, beside the running server.
  const store = await openLeadStore({ dataDir: dataDir ?? "", databaseUrl });
  // Drained: nothing pending, or two minutes gone (then what is left is reported).
  let pendingLeft = await pendingJobs(store);
  while (pendingLeft > 0 && performance.now() - loadEnded < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    pendingLeft = await pendingJobs(store);
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
  const stored = (await store.listLeads()).length;
  await store.close();
  const created = result.statusCodeStats?.["201"]?.count ?? 0;
  // A line as each run ends, so a long comparison shows its progress (and what it had if it stops).
  console.log(
    `${backend}${checkout.label ? ` (${checkout.label})` : ""}: burst ${Math.round(created / seconds)} leads/s p99 ${result.latency.p99} ms; ` +
      `at ${TARGETS.steadyLeadsPerSecond}/s lead p99 ${steady.leadP99} ms, page p50 ${steady.pageP50} ms; drain ${drain.perSecond} jobs/s`,
  );
  return {
    backend,
    checkout: checkout.label,
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

/** The slow relay section: the outbox's pace through the relay, and how long each confirmation waited. */
interface SlowRelayRun {
  backend: string;
  floodCreated: number;
  floodErrors: number;
  /** Jobs pending when the flood ended: the queue a confirmation must overtake. */
  backlog: number;
  /** E-mails the relay received while measured, and how many a second from its first to its last. */
  delivered: number;
  perSecond: number;
  signedUp: number;
  /** Milliseconds from each sign-up's 201 to its confirmation reaching the relay, ascending; missing ones are left out. */
  delays: number[];
  pendingLeft: number;
}

/** The nearest-rank percentile of ascending values. */
function percentile(sorted: readonly number[], share: number): number | undefined {
  return sorted.length ? sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] : undefined;
}

async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let giveUp = () => {};
  const late = new Promise<undefined>((resolve) => (giveUp = () => resolve(undefined)));
  const timer = setTimeout(giveUp, ms);
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Requirement LEAD-28 on one store: the production server sends through a
 * real SMTP server (tests/support/delivery-sinks.ts) that takes 300 ms to
 * accept each message; leads arrive at a fixed rate for 10 s, each with a
 * sales e-mail, far faster than the relay takes them; newsletter sign-ups come
 * during and just after the flood. Measures the drain rate and each
 * confirmation's delay from its 201 to the relay. Bounded: the flood's
 * seconds, then at most `patienceMs` for the confirmations; the backlog of
 * sales e-mails is left undelivered when the server stops.
 */
async function benchSlowRelay(backend: string, env: Record<string, string>, storeAt: { dataDir: string; databaseUrl?: string }): Promise<SlowRelayRun> {
  const relay = await startMailSink();
  relay.delayMs = SLOW_RELAY.relayDelayMs;
  // When each e-mail reached the relay (its body received, before the 300 ms to accept it), looked at every 5 ms.
  const arrivals: { at: number; to: string[] }[] = [];
  const lookAtRelay = () => {
    const now = performance.now();
    for (const message of relay.messages.slice(arrivals.length)) arrivals.push({ at: now, to: message.to });
  };
  const watch = setInterval(lookAtRelay, 5);
  let server: BenchSite | undefined;
  let store: LeadStore | undefined;
  try {
    server = await startSite({
      ...env,
      SMTP_URL: relay.url,
      MAIL_FROM: "web@veilvault.example",
      LEAD_NOTIFY_TO: "sales@veilvault.example",
      MAX_CONNECTIONS_PER_ADDRESS: "0",
    });
    const { origin } = server;
    store = await openLeadStore(storeAt);
    const floodStart = performance.now();
    const signUp = async (n: number): Promise<{ email: string; answeredAt?: number }> => {
      const email = `person-${n}@bench-${n}.example`;
      await sleep(floodStart + ((n - 0.5) * SLOW_RELAY.signUpSpreadMs) / SLOW_RELAY.signUps - performance.now());
      try {
        const response = await fetch(`${origin}/id/website/newsletter`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, consent: true }),
          signal: AbortSignal.timeout(10_000),
        });
        const answeredAt = performance.now();
        await response.arrayBuffer();
        return response.status === 201 ? { email, answeredAt } : { email };
      } catch {
        return { email };
      }
    };
    const signUps = Promise.all(Array.from({ length: SLOW_RELAY.signUps }, (_, i) => signUp(i + 1)));
    const flood = await autocannon({
      url: `${origin}/id/website/leads`,
      connections: 10,
      overallRate: SLOW_RELAY.floodLeadsPerSecond,
      duration: SLOW_RELAY.floodSeconds,
      requests: leadRequests(false),
    });
    const backlog = await pendingJobs(store);
    const answers = await signUps;
    const arrivedAt = (email: string) => arrivals.find((arrival) => arrival.to.includes(email))?.at;
    const answered = answers.filter((answer) => answer.answeredAt !== undefined);
    const deadline = performance.now() + SLOW_RELAY.patienceMs;
    while (answered.some((answer) => arrivedAt(answer.email) === undefined) && performance.now() < deadline) await sleep(50);
    lookAtRelay();
    const measured = [...arrivals];
    const pendingLeft = await pendingJobs(store);
    const first = measured[0]?.at ?? 0;
    const last = measured.at(-1)?.at ?? 0;
    const delays = answered.flatMap((answer) => {
      const at = arrivedAt(answer.email);
      return at === undefined || answer.answeredAt === undefined ? [] : [Math.round(at - answer.answeredAt)];
    });
    return {
      backend,
      floodCreated: flood.statusCodeStats?.["201"]?.count ?? 0,
      floodErrors: flood.errors + flood.timeouts + flood.non2xx,
      backlog,
      delivered: measured.length,
      perSecond: last > first ? Math.round(((measured.length - 1) / ((last - first) / 1000)) * 10) / 10 : 0,
      signedUp: answered.length,
      delays: delays.sort((a, b) => a - b),
      pendingLeft,
    };
  } finally {
    clearInterval(watch);
    await store?.close();
    if (server) await stop(server.child);
    await within(relay.close(), 5_000);
  }
}

async function staticRate(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration: Math.max(5, Math.round(seconds / 2)), headers: BROWSER });
  return Math.round(result.requests.average);
}

function percentileOf(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0) * 100) / 100;
}

/**
 * GETs at a fixed rate over four kept-alive connections, each timed to the
 * microsecond from its send to the end of its body: autocannon reports whole
 * milliseconds, too coarse for a 1 ms target. Every request is awaited, so
 * every answered one is counted.
 */
async function readAtFixedRate(url: string, perSecond: number, seconds: number): Promise<{ durations: number[]; ok: number }> {
  const { Agent, get } = await import("node:http");
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  const durations: number[] = [];
  let ok = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < perSecond * seconds; index++) {
    const due = started + (index * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sent = performance.now();
    pending.push(
      new Promise<void>((resolve) => {
        get(url, { agent, headers: BROWSER }, (response) => {
          response.resume();
          response.on("end", () => {
            durations.push(performance.now() - sent);
            if (response.statusCode === 200) ok += 1;
            resolve();
          });
        }).on("error", () => resolve());
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { durations, ok };
}

interface CountingRun {
  on: { p50: number[]; p99: number[]; underLeads: SteadyRun[] };
  off: { p50: number[]; p99: number[]; underLeads: SteadyRun[] };
  requests: number;
  counted: number;
}

/**
 * Two servers on the same build, one counting and one with ANALYTICS=off, read
 * in turns at the same fixed rate by a browser's user agent; then the views the
 * counting one stored, against the 200s it answered.
 */
async function benchCounting(): Promise<CountingRun> {
  const dirs = { on: await mkdtemp(join(tmpdir(), "veilvault-bench-count-on-")), off: await mkdtemp(join(tmpdir(), "veilvault-bench-count-off-")) };
  const on = await startSite({ DATA_DIR: dirs.on, ANALYTICS: "on" });
  const off = await startSite({ DATA_DIR: dirs.off, ANALYTICS: "off" });
  const result: CountingRun = { on: { p50: [], p99: [], underLeads: [] }, off: { p50: [], p99: [], underLeads: [] }, requests: 0, counted: 0 };
  for (let round = 0; round < COUNTING.rounds; round++) {
    for (const [name, site] of round % 2 === 0 ? ([["on", on], ["off", off]] as const) : ([["off", off], ["on", on]] as const)) {
      const read = await readAtFixedRate(`${site.origin}/`, COUNTING.perSecond, COUNTING.roundSeconds);
      result[name].p50.push(percentileOf(read.durations, 0.5));
      result[name].p99.push(percentileOf(read.durations, 0.99));
      if (name === "on") result.requests += read.ok;
    }
  }
  // Then the fixed-rate lead run beside page reads, on each in turn: the 10 ms target judged against the same machine without counting.
  const counted = result.requests;
  for (let round = 0; round < 2; round++) {
    for (const [name, site] of round % 2 === 0 ? ([["on", on], ["off", off]] as const) : ([["off", off], ["on", on]] as const)) {
      result[name].underLeads.push(await steadyLeads(site.origin));
    }
  }
  result.requests = counted + result.on.underLeads.reduce((sum, run) => sum + run.pagesAnswered, 0);
  // Stopping writes what was buffered.
  await stop(on.child);
  await stop(off.child);
  const store = await openLeadStore({ dataDir: dirs.on });
  const today = new Date().toISOString().slice(0, 10);
  result.counted = (await store.trafficRows(today, today)).views.reduce((sum, row) => sum + row.views, 0);
  await store.close();
  await rm(dirs.on, { recursive: true, force: true });
  await rm(dirs.off, { recursive: true, force: true });
  return result;
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
const slowRelayRuns: SlowRelayRun[] = [];
/** The checkouts in turn, `rounds` times, the order flipped each round (ABBA), so neither always runs on a warmer machine. */
function* alternating<T>(items: readonly T[]): Generator<T> {
  for (let round = 0; round < rounds; round += 1) yield* round % 2 === 0 ? items : [...items].reverse();
}

const counting = onlySlowRelay || onlyLeads ? undefined : await benchCounting();
if (!onlySlowRelay && !onlyCounting) {
  for (const checkout of alternating(checkouts)) {
    const sqliteDir = await mkdtemp(join(tmpdir(), "veilvault-bench-sqlite-"));
    runs.push(await benchLeads("SQLite", checkout, { DATA_DIR: sqliteDir }, undefined, sqliteDir));
    await rm(sqliteDir, { recursive: true, force: true });
    if (!against) break;
  }
}
if (!onlyCounting && !onlyLeads) {
  const relayDir = await mkdtemp(join(tmpdir(), "veilvault-bench-relay-"));
  slowRelayRuns.push(await benchSlowRelay("SQLite", { DATA_DIR: relayDir }, { dataDir: relayDir }));
  await rm(relayDir, { recursive: true, force: true });
}

/** Every run on PostgreSQL starts from empty tables. */
async function emptyPostgres(url: string): Promise<void> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client(url);
  await admin.connect();
  await admin.query(`DROP TABLE IF EXISTS ${LEAD_STORE_TABLES}`);
  await admin.end();
}

let postgresUrl = process.env.TEST_DATABASE_URL;
let startedPostgres = false;
if (!postgresUrl) {
  const started = await run(join(root, "scripts/tools/test-postgres.sh"), ["start"]).catch(() => undefined);
  postgresUrl = started ? /TEST_DATABASE_URL=(\S+)/.exec(started.stdout)?.[1] : undefined;
  startedPostgres = Boolean(postgresUrl);
}
if (postgresUrl && !onlyCounting) {
  // With DATABASE_URL and SMTP_URL the server needs a link key given to it, as every instance would be.
  const postgresEnv = { DATABASE_URL: postgresUrl, LINK_SIGNING_KEY: randomBytes(32).toString("hex") };
  if (!onlySlowRelay) {
    for (const checkout of alternating(checkouts)) {
      await emptyPostgres(postgresUrl);
      runs.push(await benchLeads("PostgreSQL", checkout, postgresEnv, postgresUrl));
      if (!against) break;
    }
  }
  if (!onlyLeads) {
    await emptyPostgres(postgresUrl);
    slowRelayRuns.push(await benchSlowRelay("PostgreSQL", postgresEnv, { dataDir: "", databaseUrl: postgresUrl }));
  }
  if (startedPostgres) await run(join(root, "scripts/tools/test-postgres.sh"), ["stop"]);
} else if (!onlyCounting) {
  console.log("PostgreSQL: not measured (set TEST_DATABASE_URL, or run as root so scripts/tools/test-postgres.sh can start one)");
}

let ours: number | undefined;
let theirs: number | undefined;
if (!onlySlowRelay && !onlyCounting && !onlyLeads) {
  const staticDir = await mkdtemp(join(tmpdir(), "veilvault-bench-static-"));
  const site = await startSite({ DATA_DIR: staticDir });
  ours = await staticRate(`${site.origin}/`);
  await stop(site.child);
  await rm(staticDir, { recursive: true, force: true });
  const nginx = await startNginx();
  theirs = nginx ? await staticRate(`${nginx.origin}/`) : undefined;
  await nginx?.stop();
}

if (runs.length > 0) {
  console.log(`\nLead service, ${seconds} s, ${connections} connections, 4 valid leads in 5 (durable commits)\n`);
  console.log("| store | leads/s (201) | p50 | p99 | 201 | 400 | errors | stored | in flight at the end |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of runs) {
    console.log(
      `| ${storeLabel(r)} | ${r.leadsPerSecond} | ${r.p50} ms | ${r.p99} ms | ${r.created} | ${r.rejected} | ${r.errors} | ${r.stored} | ${r.stored - r.created} |`,
    );
  }
  console.log(`\nThen leads at a fixed ${TARGETS.steadyLeadsPerSecond}/s for ${seconds} s, with / read 100 times a second beside them\n`);
  console.log("| store | leads/s (201) | lead p50 | lead p99 | page / p50 while leads arrive | page / p99 while leads arrive |");
  console.log("|---|---|---|---|---|---|");
  for (const r of runs) {
    const { steady } = r;
    console.log(`| ${storeLabel(r)} | ${steady.leadsPerSecond} | ${steady.leadP50} ms | ${steady.leadP99} ms | ${steady.pageP50} ms | ${steady.pageP99} ms |`);
  }
  console.log("\nDelivery during and after the load: a sales e-mail and a signed webhook per lead, to a local mail server and receiver\n");
  console.log("| store | jobs delivered | jobs/s (first lead to empty outbox) | drained after the load | repeats | bad signatures | left pending |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of runs) {
    const { drain } = r;
    console.log(`| ${storeLabel(r)} | ${drain.delivered} | ${drain.perSecond} | ${drain.tailSeconds} s | ${drain.repeats} | ${drain.unverified} | ${drain.pendingLeft} |`);
  }
}

/** The middle value, or the mean of the two middle ones. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length === 0 ? 0 : sorted.length % 2 ? (sorted[Math.floor(middle)] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

if (against && runs.length > 0) {
  const [ours, theirs] = checkouts;
  console.log(`\nThis checkout (${ours?.label}) against ${theirs?.label}, ${rounds} rounds each, alternating; the ratio is of the medians (above 1: this one is faster)\n`);
  console.log(`| store | measure | ${ours?.label} | ${theirs?.label} | ratio |`);
  console.log("|---|---|---|---|---|");
  const measures: [string, (r: LeadRun) => number, "higher" | "lower"][] = [
    ["burst leads/s", (r) => r.leadsPerSecond, "higher"],
    ["burst lead p99 (ms)", (r) => r.p99, "lower"],
    [`lead p99 at ${TARGETS.steadyLeadsPerSecond}/s (ms)`, (r) => r.steady.leadP99, "lower"],
    ["page / p50 beside them (ms)", (r) => r.steady.pageP50, "lower"],
    ["delivery drain (jobs/s)", (r) => r.drain.perSecond, "higher"],
  ];
  for (const backend of [...new Set(runs.map((r) => r.backend))]) {
    for (const [name, measure, better] of measures) {
      const of = (label: string | undefined) => runs.filter((r) => r.backend === backend && r.checkout === label).map(measure);
      const [a, b] = [of(ours?.label), of(theirs?.label)];
      const ratio = better === "higher" ? median(a) / median(b) : median(b) / median(a);
      console.log(`| ${backend} | ${name} | ${a.join(", ")} | ${b.join(", ")} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : "n/a"} |`);
    }
  }
}

if (counting) {
  console.log(
    `\nCounting's cost (ANA-10): / read ${COUNTING.perSecond} times a second by a browser's user agent, ${COUNTING.rounds} rounds of ${COUNTING.roundSeconds} s, ` +
      "alternating a server that counts and one with ANALYTICS=off (SQLite)\n",
  );
  console.log("| server | p50 per round | median p50 | median p99 |");
  console.log("|---|---|---|---|");
  for (const name of ["on", "off"] as const) {
    console.log(`| ANALYTICS=${name} | ${counting[name].p50.join(", ")} ms | ${median(counting[name].p50)} ms | ${median(counting[name].p99)} ms |`);
  }
  console.log(`\nCounting adds ${(median(counting.on.p50) - median(counting.off.p50)).toFixed(2)} ms to the median p50; ${counting.counted} views stored for ${counting.requests} pages answered 200`);
  console.log(`\nThe same two servers with leads at a fixed ${TARGETS.steadyLeadsPerSecond}/s for ${seconds} s and / read 100 times a second beside them, in turns\n`);
  console.log("| server | leads/s (201) | page / p50 | page / p99 | lead p99 |");
  console.log("|---|---|---|---|---|");
  for (const name of ["on", "off"] as const) {
    for (const run of counting[name].underLeads) console.log(`| ANALYTICS=${name} | ${run.leadsPerSecond} | ${run.pageP50} ms | ${run.pageP99} ms | ${run.leadP99} ms |`);
  }
}

const ms = (value: number | undefined) => (value === undefined ? "none" : `${value} ms`);
if (slowRelayRuns.length > 0) {
  console.log(
    `\nA mail relay taking ${SLOW_RELAY.relayDelayMs} ms to accept each message (LEAD-28): ${SLOW_RELAY.floodLeadsPerSecond} leads/s for ${SLOW_RELAY.floodSeconds} s, ` +
      `a sales e-mail each, and ${SLOW_RELAY.signUps} newsletter sign-ups over the first ${SLOW_RELAY.signUpSpreadMs / 1000} s; ` +
      "confirmation delay: from the sign-up's 201 to its e-mail at the relay\n",
  );
  console.log(
    "| store | leads (201) | jobs pending after the flood | e-mails delivered | drain rate (jobs/s) | sign-ups (201) | confirmations arrived | confirmation p50 | p99 | max | left pending |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of slowRelayRuns) {
    console.log(
      `| ${r.backend} | ${r.floodCreated} | ${r.backlog} | ${r.delivered} | ${r.perSecond.toFixed(1)} | ${r.signedUp} | ${r.delays.length} | ` +
        `${ms(percentile(r.delays, 0.5))} | ${ms(percentile(r.delays, 0.99))} | ${ms(r.delays.at(-1))} | ${r.pendingLeft} |`,
    );
  }
}
if (ours !== undefined) {
  console.log(`\nStatic page /: our server ${ours} req/s${theirs ? `, nginx ${theirs} req/s (${Math.round((ours / theirs) * 100)}%)` : ", nginx not installed"}`);
}

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
for (const r of slowRelayRuns) {
  const p99 = percentile(r.delays, 0.99);
  if (r.floodErrors > 0) missed.push(`${r.backend}: ${r.floodErrors} errors in the lead flood`);
  if (r.backlog < SLOW_RELAY.floodLeadsPerSecond) {
    missed.push(`${r.backend}: only ${r.backlog} jobs pending after the flood, so nothing queued ahead of the confirmations: the slow relay measured nothing`);
  }
  if (r.signedUp < SLOW_RELAY.signUps) missed.push(`${r.backend}: ${r.signedUp} of ${SLOW_RELAY.signUps} newsletter sign-ups answered 201`);
  if (r.delays.length < r.signedUp) {
    missed.push(`${r.backend}: ${r.signedUp - r.delays.length} confirmations not at the relay ${SLOW_RELAY.patienceMs / 1000} s after the last sign-up`);
  }
  if (p99 !== undefined && p99 > TARGETS.confirmationP99Ms) {
    missed.push(`${r.backend}: confirmation p99 ${p99} ms > ${TARGETS.confirmationP99Ms} ms behind a lead flood, through a ${SLOW_RELAY.relayDelayMs} ms relay`);
  }
}
if (counting) {
  const added = median(counting.on.p50) - median(counting.off.p50);
  if (added > TARGETS.countingP50Ms) missed.push(`counting adds ${added.toFixed(2)} ms to the page p50 (target ${TARGETS.countingP50Ms} ms)`);
  // autocannon drops the answers still in flight when its time ends (at most one per connection), which the server did count.
  const inFlight = 4 * counting.on.underLeads.length;
  if (counting.counted < counting.requests || counting.counted > counting.requests + inFlight) missed.push(`${counting.counted} views counted for ${counting.requests} pages answered 200`);
}
if (ours !== undefined && theirs && ours < theirs * TARGETS.staticShareOfNginx) missed.push(`static: ${ours} req/s < half of nginx's ${theirs}`);
if (missed.length) {
  console.log(`\nTargets missed:\n${missed.map((line) => `  ${line}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll targets met.");
}
