import { randomBytes } from "node:crypto";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { AddressInfo } from "node:net";
import { buildApp, type AppOptions } from "../../server/app.ts";
import { SqliteLeadStore } from "../../server/db/sqlite/store.ts";
import type { DeliveryConfig } from "../../server/delivery/config.ts";
import { defaultConnectionLimits, type ConnectionLimits } from "../../server/connection-limits.ts";
import type { TrustLibrary } from "../../server/trust/documents.ts";
import type { TrustServiceOptions } from "../../server/trust/routes.ts";
import type { TrustRequestCaps } from "../../server/db/store.ts";
import type { SourceLimits } from "../../server/limits/cap-hits.ts";
import { requestFrom, type AnswerFrom } from "./from-address.ts";

export interface LeadServer {
  origin: string;
  dataDir: string;
  store: SqliteLeadStore;
  /** Every log line the server wrote. */
  logs: string[];
  post: (path: string, body: unknown, headers?: Record<string, string>) => Promise<Response>;
  /** The same post from another loopback address (127.0.0.2 …), as a separate person's or a flooder's would come. */
  postFrom: (from: string, path: string, body: unknown, headers?: Record<string, string>) => Promise<AnswerFrom>;
  close: () => Promise<void>;
}

export const SITE_URL = "https://veilvault.example";

/** A stand-in built site (two pages and a security manifest) in a fresh temporary folder. */
export async function standInSite(): Promise<{ root: string; client: string; manifest: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), "veilvault-lead-test-"));
  const client = join(root, "client");
  await mkdir(client);
  await writeFile(join(client, "index.html"), "<!doctype html><title>home</title>");
  await writeFile(join(client, "404.html"), "<!doctype html><title>not found</title>");
  const manifest = join(root, "security.json");
  await writeFile(manifest, JSON.stringify({ contentSecurityPolicy: "default-src 'none'" }));
  return { root, client, manifest, dataDir: join(root, "data") };
}

/**
 * The real server (server/app.ts) with the real SQLite store in a fresh
 * directory, listening on 127.0.0.1. The static site it also serves is a
 * two-file stand-in, since these tests are about the lead service.
 */
export async function startLeadServer(
  options: {
    ratePerMinute?: number;
    minFillMs?: number;
    allowedOrigins?: string[];
    dataDir?: string;
    delivery?: DeliveryConfig;
    linkKey?: Buffer;
    connectionLimits?: ConnectionLimits;
    /** The Trust Center's service, with a clock the test moves. */
    trust?: { library: TrustLibrary; caps: TrustRequestCaps; now: () => Date; stamping?: TrustServiceOptions["stamping"] };
    /** Traffic counting's clock and flush interval (server/analytics); off unless given, so that other tests' timings and store calls are theirs alone. */
    traffic?: AppOptions["traffic"];
    /** The console's clock (server/console), for sign-in links and sessions that expire. */
    consoleNow?: () => Date;
    /** Posts an address may make an hour of each form that sends e-mail: far above a test's bursts from 127.0.0.1 unless a test sets them (LEAD-31). */
    sourceLimitsPerHour?: SourceLimits;
    /** When a sign-up is answered, however the store did (LEAD-23); the server's own unless a test sets it. */
    signUpAnswerMs?: number;
    /** More files for the stand-in site, by path under its root (e.g. "large/index.html" serves /large). */
    siteFiles?: Record<string, string | Uint8Array>;
  } = {},
): Promise<LeadServer> {
  const site = await standInSite();
  const { root, client, manifest } = site;
  for (const [path, content] of Object.entries(options.siteFiles ?? {})) {
    await mkdir(dirname(join(client, path)), { recursive: true });
    await writeFile(join(client, path), content);
  }
  const dataDir = options.dataDir ?? site.dataDir;
  const store = await SqliteLeadStore.open(dataDir);
  const logs: string[] = [];
  const app = await buildApp({
    clientDir: client,
    securityManifest: manifest,
    logLevel: "info",
    logStream: { write: (line: string) => void logs.push(line) },
    // Tests send bursts of hundreds of posts from 127.0.0.1: no per-address cap unless a test sets one
    // (tests/service/connection-limits.test.ts).
    connectionLimits: options.connectionLimits ?? { ...defaultConnectionLimits(0), maxConnectionsPerAddress: 0 },
    traffic: options.traffic ?? false,
    ...(options.consoleNow ? { consoleNow: options.consoleNow } : {}),
    leads: {
      store,
      siteUrl: SITE_URL,
      allowedOrigins: options.allowedOrigins ?? [],
      ratePerMinute: options.ratePerMinute ?? 1000,
      minFillMs: options.minFillMs ?? 3000,
      ...(options.delivery ? { delivery: options.delivery } : {}),
      linkKey: options.linkKey ?? randomBytes(32),
      ...(options.trust ? { trust: options.trust } : {}),
      sourceLimitsPerHour: options.sourceLimitsPerHour ?? { newsletter: 10_000, trust: 10_000, console: 10_000 },
      ...(options.signUpAnswerMs === undefined ? {} : { signUpAnswerMs: options.signUpAnswerMs }),
    },
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    origin,
    dataDir,
    store,
    logs,
    post: (path, body, headers = {}) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-form-fill-ms": "5000", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    postFrom: (from, path, body, headers = {}) =>
      requestFrom(origin, from, path, {
        method: "POST",
        headers: { "content-type": "application/json", "x-form-fill-ms": "5000", origin, ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    close: async () => {
      await app.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
