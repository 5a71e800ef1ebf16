/**
 * The production server against hostile clients: `npm run bench:hostile`.
 *
 * Prints figures for three attacks an outside review ran against us:
 * - a path of 16,000 slashes that do not end it (a quadratic trailing-slash
 *   trim cost 426 ms of CPU per request): the time of one such request, and
 *   the home page's latency while 2 and 10 connections send them;
 * - a request whose body stalls after its headers, or drips a byte every few
 *   seconds: how long the server keeps the socket;
 * - SIGTERM while such a request is open: how long the process takes to exit.
 * Exits 1 when a figure is over its limit. Not part of `npm test`; the same
 * attacks have pass/fail tests in tests/service/hostile-clients.test.ts.
 */
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startSite, stop, type BenchSite } from "./lib/bench-server.ts";

/** Longer than any limit the server should have; beyond it the socket counts as held for good. */
const PATIENCE_MS = 60_000;
const LIMITS = { hostileRequestMs: 20, pageP50UnderAttackMs: 10, socketHeldMs: 35_000, shutdownMs: 15_000 } as const;

const HOSTILE_PATH = `/${"/".repeat(16_000)}x/`;

async function timeRequest(url: string): Promise<number> {
  const started = performance.now();
  await (await fetch(url)).arrayBuffer();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The home page's latency over five seconds, while `attackers` connections send the hostile path. */
async function pageLatency(site: BenchSite, attackers: number): Promise<{ p50: number; p99: number }> {
  const attack = attackers ? autocannon({ url: `${site.origin}${HOSTILE_PATH}`, connections: attackers, duration: 6 }) : undefined;
  const probe = await autocannon({ url: `${site.origin}/`, connections: 1, duration: 5 });
  await attack;
  return { p50: probe.latency.p50, p99: probe.latency.p99 };
}

/** Opens a lead post that announces 200 body bytes; `drip` sends one more byte every `drip` ms. */
async function openStalledPost(site: BenchSite, drip?: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  const socket = connect(site.port, "127.0.0.1");
  await once(socket, "connect");
  const started = performance.now();
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(performance.now() - started)));
  socket.on("error", () => {});
  socket.on("data", () => {});
  socket.write(
    `POST /id/website/leads HTTP/1.1\r\nHost: 127.0.0.1:${site.port}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"firstName":`,
  );
  if (drip) {
    const timer = setInterval(() => socket.write(" "), drip);
    void closed.then(() => clearInterval(timer));
  }
  return { socket, closed };
}

async function heldFor(site: BenchSite, drip?: number): Promise<number> {
  const { socket, closed } = await openStalledPost(site, drip);
  const held = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), PATIENCE_MS))]);
  socket.destroy();
  return held;
}

async function shutdownTime(site: BenchSite): Promise<number> {
  const { socket } = await openStalledPost(site);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const started = performance.now();
  const exited = once(site.child, "exit").then(() => performance.now() - started);
  site.child.kill("SIGTERM");
  const took = await Promise.race([exited, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), PATIENCE_MS))]);
  socket.destroy();
  if (took === Infinity) site.child.kill("SIGKILL");
  return took;
}

function show(ms: number): string {
  if (ms === Infinity) return `> ${PATIENCE_MS / 1000} s (still open)`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(1)} s`;
  // autocannon counts whole milliseconds
  return ms === 0 ? "< 1 ms" : `${ms.toFixed(1)} ms`;
}

const dataDir = await mkdtemp(join(tmpdir(), "veilvault-bench-hostile-"));
const site = await startSite({ DATA_DIR: dataDir });
await timeRequest(`${site.origin}/`);
const normals: number[] = [];
const hostile: number[] = [];
for (let i = 0; i < 5; i += 1) {
  normals.push(await timeRequest(`${site.origin}/`));
  hostile.push(await timeRequest(`${site.origin}${HOSTILE_PATH}`));
}
const normal = median(normals);
const idle = await pageLatency(site, 0);
const underTwo = await pageLatency(site, 2);
const underTen = await pageLatency(site, 10);
const stalled = await heldFor(site);
const dripping = await heldFor(site, 5_000);
const shutdown = await shutdownTime(site);
await stop(site.child);
await rm(dataDir, { recursive: true, force: true });

console.log("\nHostile clients against the production server\n");
console.log("| attack | figure |");
console.log("|---|---|");
console.log(`| one request to / (median of 5) | ${show(normal)} |`);
console.log(`| one request to a path of 16,000 slashes (median of 5) | ${show(median(hostile))} |`);
console.log(`| / latency, idle | p50 ${show(idle.p50)}, p99 ${show(idle.p99)} |`);
console.log(`| / latency, 2 connections sending that path | p50 ${show(underTwo.p50)}, p99 ${show(underTwo.p99)} |`);
console.log(`| / latency, 10 connections sending that path | p50 ${show(underTen.p50)}, p99 ${show(underTen.p99)} |`);
console.log(`| lead post stalled after 13 of 200 body bytes: socket held | ${show(stalled)} |`);
console.log(`| lead post dripping a byte every 5 s: socket held | ${show(dripping)} |`);
console.log(`| SIGTERM with a stalled post open: time to exit | ${show(shutdown)} |`);

const missed = [
  median(hostile) > LIMITS.hostileRequestMs && `hostile path ${show(median(hostile))} > ${LIMITS.hostileRequestMs} ms`,
  underTen.p50 > LIMITS.pageP50UnderAttackMs && `/ p50 under attack ${show(underTen.p50)} > ${LIMITS.pageP50UnderAttackMs} ms`,
  stalled > LIMITS.socketHeldMs && `stalled socket held ${show(stalled)}`,
  dripping > LIMITS.socketHeldMs && `dripping socket held ${show(dripping)}`,
  shutdown > LIMITS.shutdownMs && `shutdown took ${show(shutdown)}`,
].filter((line): line is string => Boolean(line));
if (missed.length) {
  console.log(`\nLimits missed:\n${missed.map((line) => `  ${line}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log("\nAll limits met.");
}
